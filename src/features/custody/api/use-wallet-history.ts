import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getWalletHistory } from '../../../services/wallet';
import type { WalletCurrency } from '../../../shared/api/wallet';

export const WALLET_HISTORY_PAGE_SIZE = 10;

/** GET /api/v1/user/WalletHistory, one page; the previous page stays shown while the next loads. */
export function useWalletHistory(currency: WalletCurrency | undefined, page: number) {
  const params = { currency, page, pageSize: WALLET_HISTORY_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.member.walletHistory(params),
    queryFn: () => getWalletHistory(params),
    ...cachePresets.fresh,
    placeholderData: keepPreviousData,
  });
}
