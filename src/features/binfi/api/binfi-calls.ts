import { ApiError, request } from '../../../services/http-client';
import {
  binfiCheckJoinSchema,
  binfiEquityChartSchema,
  binfiEstimatedReturnSchema,
  binfiProfitLossChartSchema,
  binfiSupplierReturnChartSchema,
  binfiFundListSchema,
  binfiJoinSchema,
  binfiHistorySchema,
  binfiPlusInfoSchema,
  binfiSideDetailSchema,
  binfiUserFundsSchema,
  type BinfiCheckJoin,
  type BinfiEquityChart,
  type BinfiEstimatedReturn,
  type BinfiProfitLossChart,
  type BinfiSupplierReturnChart,
  type BinfiFundList,
  type BinfiJoin,
  type BinfiJoinBody,
  type BinfiPlusInfo,
  type BinfiRoundState,
  type BinfiSideDetail,
  type BinfiSideType,
  type BinfiUserFunds,
  type BinfiVariant,
} from '../../../shared/api/binfi';
import { ErrorCode } from '../../../shared/api/envelope';

/**
 * The gateway's BinFi read calls (`/api/v1/binfi/...`, contract `shared/api/binfi.ts`). The
 * services layer has no BinFi module: these are the feature's own fetchers on the one HTTP
 * client (envelope, token, retries).
 */

/** GET /binfi/FundList?variant=&status= (guest): the public rounds of a variant, newest first. */
export function getFundList(
  variant: BinfiVariant,
  status?: BinfiRoundState,
): Promise<BinfiFundList> {
  return request({
    service: 'gateway',
    path: '/binfi/FundList',
    method: 'GET',
    query: { variant, status },
    guest: true,
    schema: binfiFundListSchema,
  });
}

/** The detail call of a side per kind of round (section 7: SupplierDetail, 2 Galaxy, 3 private). */
const DETAIL_PATHS: Record<BinfiSideType, Record<'binfi' | 'galaxy' | 'private', string>> = {
  supply: {
    binfi: '/binfi/SupplierDetail',
    galaxy: '/binfi/SupplierDetail2',
    private: '/binfi/SupplierDetail3',
  },
  take: {
    binfi: '/binfi/TakerDetail',
    galaxy: '/binfi/TakerDetail2',
    private: '/binfi/TakerDetail3',
  },
};

export type DetailKind = keyof (typeof DETAIL_PATHS)['supply'];

export function getSideDetail(
  fundId: number,
  side: BinfiSideType,
  kind: DetailKind,
  invite?: string,
): Promise<BinfiSideDetail> {
  return request({
    service: 'gateway',
    path: DETAIL_PATHS[side][kind],
    method: 'GET',
    query: kind === 'private' && invite ? { fundId, invite } : { fundId },
    guest: kind !== 'private',
    schema: binfiSideDetailSchema,
  });
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === ErrorCode.notFound || error.httpStatus === 404)
  );
}

/**
 * A round's side whatever its kind: the path names only the id, so the calls are tried in the
 * order the hint gives (the kind the link knew), each 404 moving to the next; a private round
 * is asked for only with the session (it answers only to a member holding an order in it or
 * carrying the operator's `invite`).
 */
export async function findSideDetail(
  fundId: number,
  side: BinfiSideType,
  { hint, member, invite }: { hint?: DetailKind; member: boolean; invite?: string },
): Promise<BinfiSideDetail> {
  const kinds: DetailKind[] = ['binfi', 'galaxy', ...(member ? (['private'] as const) : [])];
  const order = hint && kinds.includes(hint) ? [hint, ...kinds.filter((k) => k !== hint)] : kinds;
  let last: unknown;
  for (const kind of order) {
    try {
      return await getSideDetail(fundId, side, kind, invite);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      last = error;
    }
  }
  throw last;
}

/** GET /binfi/CheckJoin?fundId=&type=&invite= (member; `invite` for a private round). */
export function getCheckJoin(
  fundId: number,
  type: BinfiSideType,
  invite?: string,
): Promise<BinfiCheckJoin> {
  return request({
    service: 'gateway',
    path: '/binfi/CheckJoin',
    method: 'GET',
    query: invite ? { fundId, type, invite } : { fundId, type },
    schema: binfiCheckJoinSchema,
  });
}

/** GET /binfi/user/funds (member): the orders of the member's linked wallets. */
export function getUserFunds(): Promise<BinfiUserFunds> {
  return request({
    service: 'gateway',
    path: '/binfi/user/funds',
    method: 'GET',
    schema: binfiUserFundsSchema,
  });
}

/** GET /binfi/HistoryFundList?variant=&page= (guest): ended public rounds, 10 a page. */
export function getHistoryFundList(variant: BinfiVariant, page: number) {
  return request({
    service: 'gateway',
    path: '/binfi/HistoryFundList',
    method: 'GET',
    query: { variant, page },
    guest: true,
    schema: binfiHistorySchema,
  });
}

/** GET /binfi/PlusInfo (guest): the Galaxy variant at a glance. */
export function getPlusInfo(): Promise<BinfiPlusInfo> {
  return request({
    service: 'gateway',
    path: '/binfi/PlusInfo',
    method: 'GET',
    guest: true,
    schema: binfiPlusInfoSchema,
  });
}

/**
 * POST /binfi/Supply or /binfi/Take (member): the server checks the order (premier, the raise,
 * 5 units, the account cap, the linked wallet, the referral code, the HODL pass) and answers
 * the pool call the wallet signs. Nothing is recorded: asking again is harmless.
 */
export function prepareJoin(side: BinfiSideType, body: BinfiJoinBody): Promise<BinfiJoin> {
  return request({
    service: 'gateway',
    path: side === 'supply' ? '/binfi/Supply' : '/binfi/Take',
    method: 'POST',
    body,
    schema: binfiJoinSchema,
    retry: false,
  });
}

/** GET /binfi/ProfitLossChart?fundId= (guest, public rounds): Flame's PnL snapshots. */
export function getProfitLossChart(fundId: number): Promise<BinfiProfitLossChart> {
  return request({
    service: 'gateway',
    path: '/binfi/ProfitLossChart',
    method: 'GET',
    query: { fundId },
    guest: true,
    schema: binfiProfitLossChartSchema,
  });
}

/** GET /binfi/EquityAndDrawdownChart?fundId= (guest, public rounds). */
export function getEquityChart(fundId: number): Promise<BinfiEquityChart> {
  return request({
    service: 'gateway',
    path: '/binfi/EquityAndDrawdownChart',
    method: 'GET',
    query: { fundId },
    guest: true,
    schema: binfiEquityChartSchema,
  });
}

/** GET /binfi/SupplierReturnChart?fundId= (guest, public rounds): Rock's reward month by month. */
export function getSupplierReturnChart(fundId: number): Promise<BinfiSupplierReturnChart> {
  return request({
    service: 'gateway',
    path: '/binfi/SupplierReturnChart',
    method: 'GET',
    query: { fundId },
    guest: true,
    schema: binfiSupplierReturnChartSchema,
  });
}

/**
 * GET /binfi/EstimatedReturn?fundId=&type=&units=&change= (guest, public rounds): the
 * calculator, answered by the server with the arithmetic it settles with (domain/binfi/terms).
 */
export function getEstimatedReturn(query: {
  fundId: number;
  type: BinfiSideType;
  units: number;
  change: number;
}): Promise<BinfiEstimatedReturn> {
  return request({
    service: 'gateway',
    path: '/binfi/EstimatedReturn',
    method: 'GET',
    query,
    guest: true,
    schema: binfiEstimatedReturnSchema,
  });
}
