import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getWithdrawInfo } from '../../../services/wallet-withdraw';
import type { WalletCurrency } from '../../../shared/api/wallet';

/** GET /api/v1/user/WithdrawInfo: networks, minimum, fee, balance, 24-hour limit, lock. */
export function getWithdrawInfoQueryOptions(currency: WalletCurrency) {
  return queryOptions({
    queryKey: queryKeys.member.withdrawInfo(currency),
    queryFn: () => getWithdrawInfo(currency),
    ...cachePresets.fresh,
  });
}

export function useWithdrawInfo(currency: WalletCurrency, enabled = true) {
  return useQuery({ ...getWithdrawInfoQueryOptions(currency), enabled });
}
