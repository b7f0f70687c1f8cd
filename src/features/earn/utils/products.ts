import type { EarnProduct, LocalizedText } from '../../../shared/api/earn';
import { SERIAL_NUMBER_PATTERN, type EarnKind } from '../../../shared/constants/earn';
import { resolveLocale } from '../../../shared/constants/locales';

/** The dashboard's filter tabs (`?tab=`): Stable Income, Mixed Quant, everything. */
export const EARN_TABS = ['stable', 'mixed', 'all'] as const;
export type EarnTab = (typeof EARN_TABS)[number];
export const DEFAULT_EARN_TAB: EarnTab = 'all';

/** The kinds each filter tab shows (All shows every kind, Flagship and Alliance included). */
export const TAB_KINDS: Record<Exclude<EarnTab, 'all'>, readonly EarnKind[]> = {
  stable: ['fixed', 'fixed-pro', 'fixed-prox'],
  mixed: ['mixed'],
};

/** The tab a product kind is listed under (the dashboard a product page leads back to). */
export function tabOfKind(kind: string | undefined): EarnTab {
  if (TAB_KINDS.stable.includes(kind as EarnKind)) return 'stable';
  if (TAB_KINDS.mixed.includes(kind as EarnKind)) return 'mixed';
  return DEFAULT_EARN_TAB;
}

/** Spec section 3: the list is sorted by sortOrder, then id. */
export function sortCatalog<T extends Pick<EarnProduct, 'sortOrder' | 'id'>>(
  list: readonly T[],
): T[] {
  return [...list].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/** The products a tab lists, in catalog order. */
export function productsOfTab<T extends Pick<EarnProduct, 'kind' | 'sortOrder' | 'id'>>(
  list: readonly T[],
  tab: EarnTab,
): T[] {
  const sorted = sortCatalog(list);
  return tab === 'all' ? sorted : sorted.filter((product) => TAB_KINDS[tab].includes(product.kind));
}

/** A catalog text in the active language (an unknown language reads en-US). */
export function localized(text: LocalizedText, language: string | undefined): string {
  return text[resolveLocale(language)];
}

/** Spec section 2: the limited label is for products flagged limited, except BTC and ETH ones. */
export function showsLimitedLabel(product: Pick<EarnProduct, 'limited' | 'currency'>): boolean {
  return product.limited && product.currency !== 'BTC' && product.currency !== 'ETH';
}

/** A product serial number (USDT-034R); the path's other form, a token symbol, is not one. */
export function isSerialNumber(sn: string | undefined): sn is string {
  return sn !== undefined && SERIAL_NUMBER_PATTERN.test(sn);
}
