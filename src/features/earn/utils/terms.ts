import type { EarnTermsDocument } from '../../../shared/api/content';
import type { EarnProductDetail } from '../../../shared/api/earn';
import type { EarnCurrency, EarnKind, MixedStrategy } from '../../../shared/constants/earn';

/**
 * Which terms text a product reads (the operator's Markdown under LEGAL_DIR, one per family):
 * premium funds their own (a private placement, premier members only), Stable Income with Pro
 * and Pro+ one text, then Mixed Quant, Flagship and Trader Alliance.
 */
export function termsDocumentOf(
  product: Pick<EarnProductDetail, 'kind' | 'premiumOnly'>,
): EarnTermsDocument {
  if (product.premiumOnly) return 'earn-terms-premium';
  switch (product.kind) {
    case 'fixed':
    case 'fixed-pro':
    case 'fixed-prox':
      return 'earn-terms-fixed';
    case 'mixed':
      return 'earn-terms-mixed';
    case 'flagship':
      return 'earn-terms-flagship';
    case 'alliance':
      return 'earn-terms-alliance';
  }
}

/**
 * The four family terms pages of the spec (`/terms-earn/fixed-usdt`, `fixed-btc`,
 * `mixed-fusion`, `mixed-sapphire`): no product, so the page shows the family's figures from
 * spec section 9 (currency, the cards' term, the minimum, the mixed split and worst case).
 */
export interface TermsFamily {
  id: 'fixed-usdt' | 'fixed-btc' | 'mixed-fusion' | 'mixed-sapphire';
  document: EarnTermsDocument;
  kind: EarnKind;
  currency: EarnCurrency;
  /** the cards' term: 3 months for USDT and USDC, 6 for BTC and ETH (spec section 2) */
  periodMonth: number;
  /** spec section 9: 1,000 USDT for stable and mixed, 0.05 BTC */
  minInvestment: string;
  strategy: MixedStrategy | null;
  /** Mixed Quant: the stable and risk parts (percent) and the stated worst-case loss */
  split: { stable: number; risk: number; worstCasePct: number } | null;
}

export const TERMS_FAMILIES: Record<TermsFamily['id'], TermsFamily> = {
  'fixed-usdt': {
    id: 'fixed-usdt',
    document: 'earn-terms-fixed',
    kind: 'fixed',
    currency: 'USDT',
    periodMonth: 3,
    minInvestment: '1000',
    strategy: null,
    split: null,
  },
  'fixed-btc': {
    id: 'fixed-btc',
    document: 'earn-terms-fixed',
    kind: 'fixed',
    currency: 'BTC',
    periodMonth: 6,
    minInvestment: '0.05',
    strategy: null,
    split: null,
  },
  'mixed-fusion': {
    id: 'mixed-fusion',
    document: 'earn-terms-mixed',
    kind: 'mixed',
    currency: 'USDT',
    periodMonth: 6,
    minInvestment: '1000',
    strategy: 'fusion',
    split: { stable: 80, risk: 20, worstCasePct: 0 },
  },
  'mixed-sapphire': {
    id: 'mixed-sapphire',
    document: 'earn-terms-mixed',
    kind: 'mixed',
    currency: 'USDT',
    periodMonth: 6,
    minInvestment: '1000',
    strategy: 'sapphire',
    split: { stable: 60, risk: 40, worstCasePct: -3.6 },
  },
};

/** The stable / risk split of a Mixed Quant strategy that states one (spec section 1). */
export function strategySplit(strategy: MixedStrategy | null): TermsFamily['split'] {
  if (strategy === 'fusion') return TERMS_FAMILIES['mixed-fusion'].split;
  if (strategy === 'sapphire') return TERMS_FAMILIES['mixed-sapphire'].split;
  return null;
}
