import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getWithdrawals } from '../../../services/wallet-withdraw';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { WithdrawalHistory, WithdrawalStatus } from '../../../shared/api/wallet-withdraw';

export interface WithdrawalsParams {
  currency?: WalletCurrency | undefined;
  page: number;
  pageSize: number;
}

/** Statuses that no longer change: the list stops polling once every row is in one. */
export const FINAL_WITHDRAWAL_STATUSES: ReadonlySet<WithdrawalStatus> = new Set([
  'completed',
  'failed',
]);

/** While a withdrawal moves (queued, processing, broadcast) the list is refetched this often. */
export const WITHDRAWALS_POLL_MS = 5_000;

/** Whether a page of withdrawals still has one that can change. */
export function hasOpenWithdrawal(history: WithdrawalHistory | undefined): boolean {
  return Boolean(history?.items.some((item) => !FINAL_WITHDRAWAL_STATUSES.has(item.status)));
}

/** How often a page of withdrawals is refetched: 5 s while one can change, else 15 s. */
export function withdrawalsRefetchInterval(history: WithdrawalHistory | undefined): number {
  return hasOpenWithdrawal(history) ? WITHDRAWALS_POLL_MS : cachePresets.chain.refetchInterval;
}

/**
 * GET /api/v1/user/Withdraw: the member's withdrawals, newest first. Refetched every 5 s while
 * one on the page is not final (queued, processing, broadcast), otherwise like chain data.
 */
export function getWithdrawalsQueryOptions(params: WithdrawalsParams) {
  return queryOptions({
    queryKey: queryKeys.member.withdrawals(params),
    queryFn: () => getWithdrawals(params),
    placeholderData: keepPreviousData,
    ...cachePresets.chain,
    refetchInterval: (query) =>
      hasOpenWithdrawal(query.state.data)
        ? WITHDRAWALS_POLL_MS
        : cachePresets.chain.refetchInterval,
  });
}

export function useWithdrawals(params: WithdrawalsParams) {
  return useQuery(getWithdrawalsQueryOptions(params));
}
