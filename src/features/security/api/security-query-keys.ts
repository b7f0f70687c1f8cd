import { queryKeys } from '../../../services/query-keys';

/**
 * Query keys of the Security screens, under the member domain so logout (which clears the
 * member's data) clears them too. `securityKeys.all` invalidates everything here.
 */
const all = [...queryKeys.member.all, 'security'] as const;

export const securityKeys = {
  all,
  devices: {
    all: [...all, 'devices'] as const,
    page: (pageNow: number) => [...all, 'devices', pageNow] as const,
  },
  logs: {
    all: [...all, 'logs'] as const,
    page: (pageNow: number) => [...all, 'logs', pageNow] as const,
  },
  wallets: () => [...all, 'wallets'] as const,
  /** GET /api/v1/user/ApiKey: the member's exchange API keys */
  apiKeys: () => [...all, 'apiKeys'] as const,
} as const;
