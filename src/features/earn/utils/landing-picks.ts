import type { EarnProduct } from '../../../shared/api/earn';
import type { EarnCurrency } from '../../../shared/constants/earn';
import { sortCatalog } from './products';

/** The landing page's two product blocks (spec section 2, "Landing product cards"). */
export const LANDING_GROUPS = ['fixed-pro', 'fixed'] as const;
export type LandingGroup = (typeof LANDING_GROUPS)[number];

/**
 * The Fixed block's slots: the 3-month term for USDT and USDC, the 6-month term for BTC and ETH
 * (spec section 2).
 */
export const FIXED_SLOTS: readonly { currency: EarnCurrency; periodMonth: number }[] = [
  { currency: 'USDT', periodMonth: 3 },
  { currency: 'USDC', periodMonth: 3 },
  { currency: 'BTC', periodMonth: 6 },
  { currency: 'ETH', periodMonth: 6 },
];

/** Fixed Pro cards shown at most (the earn dashboard lists them all). */
export const FIXED_PRO_CARDS = 4;

/**
 * A product a visitor can still act on comes first: raising (open now), then upcoming, then
 * running (its page shows the next term); ended, failed and closed products are not advertised.
 */
const STATE_RANK: Partial<Record<EarnProduct['state'], number>> = {
  raising: 0,
  upcoming: 1,
  running: 2,
};

function advertised<T extends Pick<EarnProduct, 'state' | 'sortOrder' | 'id'>>(list: readonly T[]) {
  return sortCatalog(list.filter((product) => STATE_RANK[product.state] !== undefined)).sort(
    (a, b) => STATE_RANK[a.state]! - STATE_RANK[b.state]!,
  );
}

/**
 * The cards of a landing block, in order. Fixed Pro: the Fixed Pro and Pro+ products (catalog
 * order, open ones first). Fixed: per slot, the best Stable Income product of that currency and
 * term; a slot without one is left out.
 */
export function landingPicks<
  T extends Pick<EarnProduct, 'kind' | 'currency' | 'periodMonth' | 'state' | 'sortOrder' | 'id'>,
>(list: readonly T[], group: LandingGroup): T[] {
  if (group === 'fixed-pro') {
    return advertised(
      list.filter((product) => product.kind === 'fixed-pro' || product.kind === 'fixed-prox'),
    ).slice(0, FIXED_PRO_CARDS);
  }
  const fixed = advertised(list.filter((product) => product.kind === 'fixed'));
  return FIXED_SLOTS.flatMap(({ currency, periodMonth }) => {
    const pick = fixed.find(
      (product) => product.currency === currency && product.periodMonth === periodMonth,
    );
    return pick ? [pick] : [];
  });
}
