import { useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getWalletInfo } from '../../../services/wallet';

/** GET /api/v1/user/WalletInfo: refetched on every visit and every 15 s while shown. */
export function useWalletInfo(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.member.walletInfo(),
    queryFn: () => getWalletInfo(),
    ...cachePresets.fresh,
    refetchInterval: 15_000,
    enabled: options.enabled ?? true,
  });
}
