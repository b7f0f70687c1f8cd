import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets } from '../../../services/query-keys';
import type {
  BinfiRoundState,
  BinfiSideType,
  BinfiUserFunds,
  BinfiVariant,
} from '../../../shared/api/binfi';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import {
  findSideDetail,
  getCheckJoin,
  getEquityChart,
  getEstimatedReturn,
  getProfitLossChart,
  getSupplierReturnChart,
  getFundList,
  getHistoryFundList,
  getPlusInfo,
  getUserFunds,
  type DetailKind,
} from './binfi-calls';
import { binfiKeys } from './query-keys';

/** The public rounds of a variant (optionally one status). */
export function fundListQueryOptions(variant: BinfiVariant, status?: BinfiRoundState) {
  return queryOptions({
    queryKey: binfiKeys.fundList(variant, status),
    queryFn: () => getFundList(variant, status),
    ...cachePresets.standard,
  });
}

export function useFundList(variant: BinfiVariant, status?: BinfiRoundState) {
  return useQuery(fundListQueryOptions(variant, status));
}

/**
 * A round from one side. Public rounds are read as a visitor would (kept on logout); when the
 * round is private the answer is the member's (read with the session).
 */
export function useSideDetail(
  fundId: number,
  side: BinfiSideType,
  hint?: DetailKind,
  invite?: string,
) {
  const member = useLoggedIn();
  return useQuery({
    queryKey: invite
      ? [...binfiKeys.detail(fundId, side), 'invite', invite]
      : binfiKeys.detail(fundId, side),
    queryFn: () => findSideDetail(fundId, side, { hint, member, invite }),
    ...cachePresets.fresh,
    // a running round's Flame result moves every 5 minutes (the binfi-flame job): read it again
    // every minute while the page is open
    refetchInterval: (query) =>
      query.state.data?.round.state === 'running' ? LIVE_REFRESH_MS : false,
    enabled: Number.isInteger(fundId) && fundId > 0,
  });
}

/** How often a running round's live numbers (Flame's result, the charts) are read again. */
export const LIVE_REFRESH_MS = 60_000;

/** Flame's profit-loss and equity series, read again every minute while the round runs. */
export function useFlameCharts(fundId: number, running: boolean, enabled = true) {
  const live = running ? { refetchInterval: LIVE_REFRESH_MS } : {};
  const profitLoss = useQuery({
    queryKey: binfiKeys.chart(fundId, 'profitLoss'),
    queryFn: () => getProfitLossChart(fundId),
    ...cachePresets.fresh,
    ...live,
    enabled,
  });
  const equity = useQuery({
    queryKey: binfiKeys.chart(fundId, 'equity'),
    queryFn: () => getEquityChart(fundId),
    ...cachePresets.fresh,
    ...live,
    enabled,
  });
  return { profitLoss, equity };
}

export function useSupplierReturnChart(fundId: number, enabled = true) {
  return useQuery({
    queryKey: binfiKeys.chart(fundId, 'supplierReturn'),
    queryFn: () => getSupplierReturnChart(fundId),
    ...cachePresets.fresh,
    enabled,
  });
}

/** The calculator's answer for one side; the previous answer stays shown while the next loads. */
export function useEstimatedReturn(
  fundId: number,
  side: BinfiSideType,
  units: number,
  change: number,
  enabled = true,
) {
  return useQuery({
    queryKey: binfiKeys.estimate(fundId, side, units, change),
    queryFn: () => getEstimatedReturn({ fundId, type: side, units, change }),
    ...cachePresets.standard,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** CheckJoin: whether and how many units the member may order on that side now. */
export function useCheckJoin(fundId: number, side: BinfiSideType, enabled = true, invite?: string) {
  return useQuery({
    queryKey: invite
      ? [...binfiKeys.checkJoin(fundId, side), 'invite', invite]
      : binfiKeys.checkJoin(fundId, side),
    queryFn: () => getCheckJoin(fundId, side, invite),
    ...cachePresets.fresh,
    enabled,
  });
}

/**
 * The member's orders (their linked wallets'), as the indexer has them. `poll` reads again
 * every few seconds while something the member did on chain is still on its way to the index.
 */
export function useUserFunds({ enabled = true, poll = false } = {}) {
  return useQuery({
    queryKey: binfiKeys.userFunds(),
    queryFn: getUserFunds,
    ...(poll ? { staleTime: 0, refetchInterval: 3_000 } : cachePresets.fresh),
    // otherwise a running Flame order's result (5-minute snapshots) is read again every minute
    ...(poll
      ? {}
      : {
          refetchInterval: (query: { state: { data?: BinfiUserFunds } }) =>
            query.state.data?.list.some((order) => order.state === 'running' && order.flameResult)
              ? LIVE_REFRESH_MS
              : false,
        }),
    enabled,
  });
}

export function useHistoryFundList(variant: BinfiVariant, page: number) {
  return useQuery({
    queryKey: binfiKeys.history(variant, page),
    queryFn: () => getHistoryFundList(variant, page),
    ...cachePresets.standard,
    placeholderData: keepPreviousData,
  });
}

export function usePlusInfo({ enabled = true } = {}) {
  return useQuery({
    queryKey: binfiKeys.plusInfo(),
    queryFn: getPlusInfo,
    ...cachePresets.standard,
    enabled,
  });
}
