/**
 * Earn products (spec products-programs sections 1, 3, 4, 9): the kinds, their numeric
 * productType, the serial-number rule, the fallback returns and the subscription rules. Shared by
 * the server (catalog, jobs) and the browser (cards, detail, forms).
 *
 * Decisions where the spec is silent (README "Earn products"):
 * - productType: 1 Stable Income (fixed), 2 Mixed Quant, 3 Flagship, 4 Trader Alliance, 5 Fixed
 *   Pro (the spec's one stated value), 6 Fixed Pro Plus. A premium fund is any product with
 *   `premiumOnly` (fund-style products are of kind mixed), visible to premier members only.
 * - Serial numbers: `<CURRENCY>-<3 digits><letter>`, the digits the next free number of that
 *   currency, the letter R for fixed, Pro and Pro+ (the spec's "r fixed"), D for DeFi, A for
 *   arbitrage and S for the other strategy products (Fusion, Sapphire, Flagship, Alliance and
 *   premium funds; the spec's "s ... mixed").
 */

export const EARN_KINDS = [
  'fixed',
  'mixed',
  'flagship',
  'alliance',
  'fixed-pro',
  'fixed-prox',
] as const;
/** The kind is also the product's path segment: /{kind}/{sn}. */
export type EarnKind = (typeof EARN_KINDS)[number];

export const EARN_PRODUCT_TYPE: Record<EarnKind, number> = {
  fixed: 1,
  mixed: 2,
  flagship: 3,
  alliance: 4,
  'fixed-pro': 5,
  'fixed-prox': 6,
};

export function earnKindOfType(productType: number): EarnKind | undefined {
  return EARN_KINDS.find((kind) => EARN_PRODUCT_TYPE[kind] === productType);
}

/** Mixed Quant strategies (spec: Fusion 80/20, Sapphire 60/40, DeFi, Arbitrage). */
export const MIXED_STRATEGIES = ['fusion', 'sapphire', 'defi', 'arbitrage'] as const;
export type MixedStrategy = (typeof MIXED_STRATEGIES)[number];

export const EARN_CURRENCIES = ['USDT', 'USDC', 'BTC', 'ETH'] as const;
export type EarnCurrency = (typeof EARN_CURRENCIES)[number];

/**
 * Smart DCA (X-saving): the currencies a rate product's rewards can be converted into (never
 * the product's own currency), at the price feed's rates. Available on Stable Income (whose
 * rewards are paid to the wallet; Pro compounds them into the principal).
 */
export const EARN_DCA_CURRENCIES = ['BCNT', 'BTC', 'ETH', 'USDT', 'USDC'] as const;
export type EarnDcaCurrency = (typeof EARN_DCA_CURRENCIES)[number];

/** Kinds whose reward is a rate on the principal, settled daily or monthly. */
export const RATE_KINDS: readonly EarnKind[] = ['fixed', 'fixed-pro', 'fixed-prox'];
/** Kinds that renew by default, compound their rewards and stop renewing by Asset Return. */
export const PRO_KINDS: readonly EarnKind[] = ['fixed-pro', 'fixed-prox'];
/** Kinds valued by the net asset value the operator posts (charts of NAV and drawdown). */
export const NAV_KINDS: readonly EarnKind[] = ['mixed', 'flagship', 'alliance'];

export const isRateKind = (kind: EarnKind) => RATE_KINDS.includes(kind);
export const isProKind = (kind: EarnKind) => PRO_KINDS.includes(kind);
export const isNavKind = (kind: EarnKind) => NAV_KINDS.includes(kind);
/** Kinds whose rewards may be converted by Smart DCA (paid to the wallet, not compounded). */
export const isDcaKind = (kind: EarnKind) => isRateKind(kind) && !isProKind(kind);

/** The serial number's last letter. */
export function serialLetter(kind: EarnKind, strategy?: MixedStrategy | null): string {
  if (isRateKind(kind)) return 'R';
  if (strategy === 'defi') return 'D';
  if (strategy === 'arbitrage') return 'A';
  return 'S';
}

export const SERIAL_NUMBER_PATTERN = /^([A-Z]{3,4})-(\d{3})([A-Z])$/;

/** The spec's rule: the currency is the serial number's prefix before the first dash. */
export function currencyOfSerial(serialNumber: string): string {
  return serialNumber.split('-')[0] ?? '';
}

/**
 * Spec section 9: the annual return a card shows when the product gives none (percent).
 * USDT and USDC 8, BTC and ETH 6, Fixed Pro 6, DeFi 10, arbitrage 16.
 */
export function fallbackAnnualReturn(
  kind: EarnKind,
  currency: string,
  strategy?: MixedStrategy | null,
): number {
  if (kind === 'mixed' && strategy === 'defi') return 10;
  if (kind === 'mixed' && strategy === 'arbitrage') return 16;
  if (kind === 'fixed-pro' || kind === 'fixed-prox') return 6;
  return currency === 'BTC' || currency === 'ETH' ? 6 : 8;
}

/** Early redemption is possible until this many days before expiry (spec section 9). */
export const EARLY_REDEMPTION_LAST_DAYS = 1;
/** Assets come back to the wallet within this many working days after expiry (section 4). */
export const ASSET_RETURN_WORKING_DAYS = 3;
/** Auto-renew can be turned back on from this many days before expiry (section 4). */
export const RENEW_ON_AGAIN_DAYS = 1;
/** The renewal reminder e-mail goes this many days before renewal (section 4). */
export const RENEWAL_REMINDER_DAYS = 2;
/** A lower level after unstaking reaches running Stable Income this many days later (4). */
export const LEVEL_DROP_DELAY_DAYS = 14;

/** Flagship (section 9): 5 % fixed a year plus 50 % of the excess, early termination fees. */
export const FLAGSHIP = {
  fixedRatePct: 5,
  excessSharePct: 50,
  /** the excess is updated on this day of each month (UTC+8) */
  excessUpdateDay: 15,
  earlyTerminationFeePct: { withinSixMonths: 5, after: 3.5 },
} as const;

/** Trader Alliance (section 9): quarterly fees with a high-water mark. */
export const ALLIANCE = {
  performanceFeePct: 30,
  hurdlePct: 5,
  /** months (1-12) in which fees are deducted */
  feeMonths: [1, 4, 7, 10],
} as const;

/** The consent checkboxes of spec section 5 a subscription may need. */
export const EARN_CONSENTS = [
  'notices',
  'lenderContract',
  'allianceContract',
  'autoRenewInitialQuantity',
  'redemptionNotice',
  'highRiskDisclaimer',
  'notUsOrJapan',
] as const;
export type EarnConsent = (typeof EARN_CONSENTS)[number];

/** The consents a product kind asks for (all required). */
export function consentsFor(kind: EarnKind, premiumOnly: boolean): readonly EarnConsent[] {
  const base: EarnConsent[] = ['notices', 'lenderContract', 'redemptionNotice', 'notUsOrJapan'];
  if (isRateKind(kind)) base.push('autoRenewInitialQuantity');
  if (kind === 'alliance') base.push('allianceContract');
  if (isNavKind(kind) || premiumOnly) base.push('highRiskDisclaimer');
  return base;
}
