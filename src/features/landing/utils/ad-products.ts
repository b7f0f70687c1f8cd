import type { EarnProduct } from '../../../shared/api/earn';

/**
 * The popup's two products (spec section 2): a 3-month Stable Income (fixed) and a 6-month
 * Mixed Quant product. For each, one a visitor can act on, in this order: open for
 * subscription, upcoming, running; within a state the catalog's order (sortOrder, then id).
 * A slot without such a product is left out.
 */
export const AD_SLOTS = [
  { kind: 'fixed', periodMonth: 3 },
  { kind: 'mixed', periodMonth: 6 },
] as const;

const STATE_RANK: Partial<Record<EarnProduct['state'], number>> = {
  raising: 0,
  upcoming: 1,
  running: 2,
};

export function adProducts<
  T extends Pick<EarnProduct, 'kind' | 'periodMonth' | 'state' | 'sortOrder' | 'id'>,
>(list: readonly T[]): T[] {
  return AD_SLOTS.flatMap((slot) => {
    const candidates = list
      .filter(
        (product) =>
          product.kind === slot.kind &&
          product.periodMonth === slot.periodMonth &&
          STATE_RANK[product.state] !== undefined,
      )
      .sort(
        (a, b) =>
          STATE_RANK[a.state]! - STATE_RANK[b.state]! || a.sortOrder - b.sortOrder || a.id - b.id,
      );
    return candidates[0] ? [candidates[0]] : [];
  });
}
