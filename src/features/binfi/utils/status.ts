import type { BinfiOrder, BinfiRoundState, BinfiSideType } from '../../../shared/api/binfi';

/**
 * Every BinFi status of spec section 4 with its words (the `binfi:status.<state>` keys in three
 * languages) and its tone: fundraising, raised (matched, before the term), unsuccessful match,
 * running, stop-loss executed, contract ended (matured, waiting for the settlement), settled,
 * cancelled and redeemed (early). The contract has no cancel: `cancelled` is never answered by
 * the server today, and keeps its words for when an operator can call a round off.
 */
export const BINFI_STATUSES = [
  'fundraising',
  'raised',
  'unsuccessful_match',
  'running',
  'stop_loss',
  'ended',
  'settled',
  'cancelled',
  'redeemed',
] as const;
export type BinfiStatus = (typeof BINFI_STATUSES)[number];

export type StatusTone = 'info' | 'positive' | 'warning' | 'danger' | 'muted';

const TONES: Record<BinfiStatus, StatusTone> = {
  fundraising: 'info',
  raised: 'info',
  unsuccessful_match: 'warning',
  running: 'positive',
  stop_loss: 'danger',
  ended: 'muted',
  settled: 'muted',
  cancelled: 'muted',
  redeemed: 'muted',
};

export function statusTone(status: BinfiStatus): StatusTone {
  return TONES[status];
}

/** The i18n key of a status's words. */
export function statusKey(status: BinfiStatus) {
  return `status.${status}` as const;
}

/** The dashboards' status tabs: every round state a list can be filtered by, and all. */
export const DASHBOARD_TABS = ['all', 'fundraising', 'running', 'ended'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * A dashboard tab's rounds: "ended" gathers what is over (ended, settled, stopped out,
 * unmatched); "running" the matched rounds before and during the term.
 */
export function roundsOfTab<T extends { state: BinfiRoundState }>(
  list: readonly T[],
  tab: DashboardTab,
): T[] {
  const states: Record<Exclude<DashboardTab, 'all'>, readonly BinfiRoundState[]> = {
    fundraising: ['fundraising'],
    running: ['raised', 'running'],
    ended: ['ended', 'settled', 'stop_loss', 'unsuccessful_match'],
  };
  return tab === 'all' ? [...list] : list.filter((round) => states[tab].includes(round.state));
}

export function isDashboardTab(value: string | null): value is DashboardTab {
  return value !== null && (DASHBOARD_TABS as readonly string[]).includes(value);
}

/** The path's `{type}`: supply (Ultra Rock, the supplier) or take (Ultra Flame, the taker). */
export function sideOfParam(value: string | undefined): BinfiSideType | undefined {
  return value === 'supply' || value === 'take' ? value : undefined;
}

/** The product's names of the sides. */
export function sideNameKey(side: BinfiSideType) {
  return side === 'supply' ? ('side.rock' as const) : ('side.flame' as const);
}

/** What a member can do with an order now, from what the indexer knows. */
export interface OrderActions {
  /** claim(orderId): something funded is waiting for this order (refund, reward, result). */
  claim: boolean;
  /** redeem(orderId): a running Rock order with matched units, not redeemed yet. */
  redeem: boolean;
}

export function orderActions(order: BinfiOrder): OrderActions {
  return {
    claim: Number(order.claimable) > 0,
    redeem: order.type === 'supply' && order.state === 'running' && order.matchedUnits > 0,
  };
}
