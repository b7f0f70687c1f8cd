import type { StrategySummary } from '../../../shared/api/autotrade-strategies';
import type { EarnProduct } from '../../../shared/api/earn';
import type { Locale } from '../../../shared/constants/locales';

/**
 * SearchResult's list (products-programs.md section 2): the earn products and the Smart
 * Autotrade strategies as one kind of item, filtered by a text query and a kind, and sorted.
 *
 * - Only what a visitor can act on: earn products raising, upcoming or running (not ended,
 *   failed or closed; premium funds only when the catalog includes them, i.e. for premier
 *   members); running strategies.
 * - The query matches words: every word must appear (case-insensitively) in the item's name
 *   (in any language), its family's name in the reader's language, its currency or pair,
 *   serial number, exchange, trader or category.
 * - Sorts: best match (the name starting with the query, then the name containing it, then the
 *   rest; within each the catalog's order: earn first by sortOrder, then strategies by annual
 *   return), highest annual return, or name (A-Z in the reader's language). Ties keep the
 *   catalog's order.
 */
export const SEARCH_KINDS = ['all', 'earn', 'autotrade'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_SORTS = ['relevance', 'return', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchItem {
  key: string;
  kind: Exclude<SearchKind, 'all'>;
  name: string;
  /** the family (Stable Income, Mixed Quant, ... or Smart Autotrade) in the reader's language */
  family: string;
  annualReturn: number;
  /** decimal text and its currency */
  minimum: { amount: string; currency: string };
  /** earn: the term in months; autotrade: null */
  periodMonth: number | null;
  /** autotrade: the risk level; earn: null */
  risk: StrategySummary['riskLevel'] | null;
  /** the pair (autotrade) or the currency (earn) */
  market: string;
  /** what the query is matched against, lower-case */
  haystack: string;
  /** where it opens */
  target:
    { kind: 'earn'; type: EarnProduct['kind']; sn: string } | { kind: 'autotrade'; id: number };
}

const ACTIONABLE: ReadonlySet<EarnProduct['state']> = new Set(['raising', 'upcoming', 'running']);

const haystackOf = (parts: readonly (string | null | undefined)[]) =>
  parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();

export function earnItems(
  products: readonly EarnProduct[],
  locale: Locale,
  familyOf: (kind: EarnProduct['kind']) => string,
): SearchItem[] {
  return products
    .filter((product) => ACTIONABLE.has(product.state))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((product) => ({
      key: `earn-${product.id}`,
      kind: 'earn',
      name: product.name[locale],
      family: familyOf(product.kind),
      annualReturn: product.annualReturn,
      minimum: { amount: product.minInvestment, currency: product.currency },
      periodMonth: product.periodMonth,
      risk: null,
      market: product.currency,
      haystack: haystackOf([
        ...Object.values(product.name),
        familyOf(product.kind),
        product.serialNumber,
        product.currency,
      ]),
      target: { kind: 'earn', type: product.kind, sn: product.serialNumber },
    }));
}

export function strategyItems(
  strategies: readonly StrategySummary[],
  locale: Locale,
  family: string,
): SearchItem[] {
  return strategies
    .filter((strategy) => strategy.status === 'running')
    .sort((a, b) => b.annualReturn - a.annualReturn || a.id - b.id)
    .map((strategy) => ({
      key: `autotrade-${strategy.id}`,
      kind: 'autotrade',
      name: strategy.name[locale],
      family,
      annualReturn: strategy.annualReturn,
      minimum: { amount: strategy.minInvest, currency: strategy.symbol.split('/')[1] ?? 'USDT' },
      periodMonth: null,
      risk: strategy.riskLevel,
      market: strategy.symbol,
      haystack: haystackOf([
        ...Object.values(strategy.name),
        family,
        strategy.symbol,
        strategy.exchange,
        strategy.trader,
        strategy.category,
      ]),
      target: { kind: 'autotrade', id: strategy.id },
    }));
}

/** The query's words, lower-case (at most 60 characters are read). */
export function queryWords(query: string): string[] {
  return query.slice(0, 60).toLowerCase().split(/\s+/).filter(Boolean);
}

function matchRank(item: SearchItem, query: string): number {
  const name = item.name.toLowerCase();
  const whole = query.trim().toLowerCase();
  if (!whole) return 0;
  if (name.startsWith(whole)) return 0;
  if (name.includes(whole)) return 1;
  return 2;
}

export function searchItems(
  items: readonly SearchItem[],
  {
    query,
    kind,
    sort,
    locale,
  }: { query: string; kind: SearchKind; sort: SearchSort; locale: Locale },
): SearchItem[] {
  const words = queryWords(query);
  const found = items.filter(
    (item) =>
      (kind === 'all' || item.kind === kind) && words.every((word) => item.haystack.includes(word)),
  );
  const order = new Map(items.map((item, index) => [item.key, index]));
  const byCatalog = (a: SearchItem, b: SearchItem) => order.get(a.key)! - order.get(b.key)!;
  const collator = new Intl.Collator(locale);
  const compare: Record<SearchSort, (a: SearchItem, b: SearchItem) => number> = {
    relevance: (a, b) => matchRank(a, query) - matchRank(b, query) || byCatalog(a, b),
    return: (a, b) => b.annualReturn - a.annualReturn || byCatalog(a, b),
    name: (a, b) => collator.compare(a.name, b.name) || byCatalog(a, b),
  };
  return [...found].sort(compare[sort]);
}
