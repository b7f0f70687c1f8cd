import { useSearchParams } from 'react-router';

const INVITE = /^0x[0-9a-fA-F]{130}$/;

/**
 * The operator's invite to a private round, from the link's `?invite=` (ops `binfi invite`):
 * passed to the private round's detail, CheckJoin and Supply / Take. Anything else is ignored.
 */
export function useBinfiInvite(): string | undefined {
  const [search] = useSearchParams();
  const invite = search.get('invite') ?? '';
  return INVITE.test(invite) ? invite : undefined;
}
