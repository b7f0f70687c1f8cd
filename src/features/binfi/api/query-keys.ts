import { queryKeys } from '../../../services/query-keys';
import type { BinfiRoundState, BinfiSideType, BinfiVariant } from '../../../shared/api/binfi';

/**
 * BinFi's query keys, rooted in the app's two domains: the public rounds (FundList, the side
 * details, HistoryFundList, PlusInfo: the same for everyone) under `products` (kept on logout),
 * the member's (CheckJoin, user/funds, a private round) under `member` (cleared on logout).
 * `binfiKeys.all()` after an order, a claim or a redemption reads both again.
 */
const publicRoot = [...queryKeys.products.all, 'binfi'] as const;
const memberRoot = [...queryKeys.member.all, 'binfi'] as const;

export const binfiKeys = {
  public: () => publicRoot,
  member: () => memberRoot,
  all: () => [publicRoot, memberRoot] as const,
  fundList: (variant: BinfiVariant, status: BinfiRoundState | undefined) =>
    [...publicRoot, 'fundList', variant, status ?? 'all'] as const,
  detail: (fundId: number, side: BinfiSideType) => [...publicRoot, 'detail', fundId, side] as const,
  privateDetail: (fundId: number, side: BinfiSideType) =>
    [...memberRoot, 'detail', fundId, side] as const,
  history: (variant: BinfiVariant, page: number) =>
    [...publicRoot, 'history', variant, page] as const,
  plusInfo: () => [...publicRoot, 'plusInfo'] as const,
  chart: (fundId: number, chart: 'profitLoss' | 'equity' | 'supplierReturn') =>
    [...publicRoot, 'chart', fundId, chart] as const,
  estimate: (fundId: number, side: BinfiSideType, units: number, change: number) =>
    [...publicRoot, 'estimate', fundId, side, units, change] as const,
  checkJoin: (fundId: number, side: BinfiSideType) =>
    [...memberRoot, 'checkJoin', fundId, side] as const,
  userFunds: () => [...memberRoot, 'userFunds'] as const,
} as const;
