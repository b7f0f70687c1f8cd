import type { EarnSubscription } from '../../../../shared/api/earn';
import type { EarnKind } from '../../../../shared/constants/earn';
import { TAB_KINDS, type EarnTab } from '../../utils/products';

/**
 * The earn tabs of My Subscriptions (/portfolio?tab=): Earn (every earn subscription), Stable
 * Income (fixed, Pro, Pro+), Mixed Quant and Flagship. Trader Alliance subscriptions show under
 * Earn only (the spec names no tab for them).
 */
export const PORTFOLIO_EARN_TABS = ['earn', 'stable', 'mixed', 'flagship'] as const;
export type PortfolioEarnTab = (typeof PORTFOLIO_EARN_TABS)[number];

const TAB_FILTER: Record<PortfolioEarnTab, readonly EarnKind[] | null> = {
  earn: null,
  stable: TAB_KINDS.stable,
  mixed: TAB_KINDS.mixed,
  flagship: ['flagship'],
};

/** The dashboard tab whose products a tab's empty state points to. */
export const PRODUCTS_TAB_OF: Record<PortfolioEarnTab, EarnTab> = {
  earn: 'all',
  stable: 'stable',
  mixed: 'mixed',
  flagship: 'all',
};

export function subscriptionsOfTab<T extends Pick<EarnSubscription, 'kind'>>(
  list: readonly T[],
  tab: PortfolioEarnTab,
): T[] {
  const kinds = TAB_FILTER[tab];
  return kinds ? list.filter((item) => kinds.includes(item.kind)) : [...list];
}
