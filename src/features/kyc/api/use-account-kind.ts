import { queryKeys } from '../../../services/query-keys';
import { useQuery } from '@tanstack/react-query';
import { getMemberInfo } from '../../../services/member-auth';
import { cachePresets } from '../../../services/query-keys';
import { getLoginInfo } from '../../../services/session';

export type AccountKind = 'individual' | 'institutional';

function storedKind(): AccountKind | null {
  const value = getLoginInfo()?.accountType;
  return value === 'individual' || value === 'institutional' ? value : null;
}

/**
 * Individual or institutional: the application's own kind once there is one, else the member's
 * `accountType` from the stored login info, else from getMemberInfo (asked only then).
 */
export function useAccountKind(applicationKind: AccountKind | null | undefined) {
  const stored = applicationKind ?? storedKind();
  const query = useQuery({
    queryKey: queryKeys.member.memberInfo(),
    queryFn: () => getMemberInfo(),
    enabled: stored === null,
    ...cachePresets.standard,
  });
  return {
    kind: stored ?? query.data?.accountType ?? null,
    isPending: stored === null && query.isPending,
    error: stored === null ? query.error : null,
    refetch: query.refetch,
  };
}
