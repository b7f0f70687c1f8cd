import { formatDate, formatDateTime } from '../../../lib/date-format';
import { formatAmountAt } from '../../../lib/format-amount';
import type { LocalizedText } from '../../../shared/api/earn';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';

/**
 * The lending bot's figures as a member reads them. Amounts are decimal strings on the wire,
 * shown exactly as bigints (cut towards zero, zh-TW grouping): stablecoin amounts and fees with
 * 2 places, interest with 6 (a day's interest on a small offer is cents or less), rates in
 * percent with 2 (yearly) or 4 (daily) places.
 */
const READ_DECIMALS = 18;

/** An amount with `places` decimals (2 by default); the text itself when it does not parse. */
export function formatLendingAmount(text: string, places = 2): string {
  const units = parseAmount(text.trim(), READ_DECIMALS);
  if (units === null) return text;
  return formatAmountAt(units, READ_DECIMALS, places);
}

/** "12.34 USDT" */
export function withCurrency(text: string, currency: string, places = 2): string {
  return `${formatLendingAmount(text, places)} ${currency}`;
}

/** A daily rate as a percent a day with 4 places: "0.0002" -> "0.0200%". */
export function formatDailyRate(text: string): string {
  const units = parseAmount(text.trim(), READ_DECIMALS);
  if (units === null) return text;
  // percent = rate x 100: move the point two places (exact, no float)
  return `${formatAmountAt(units * 100n, READ_DECIMALS, 4)}%`;
}

/** "7.30%" */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** Basis points as a percent: 2000 -> "20%", 1550 -> "15.5%". */
export function bpsPercent(bps: number): string {
  return `${bps % 100 === 0 ? bps / 100 : (bps / 100).toFixed(2).replace(/0$/, '')}%`;
}

/** A positive decimal text with at most `decimals` places, or undefined. */
export function positiveAmountText(text: string, decimals: number): string | undefined {
  const trimmed = text.trim();
  const units = parseAmount(trimmed, decimals);
  return units !== null && units > 0n ? trimmed : undefined;
}

/** a <= b for two decimal texts (false when either does not parse). */
export function amountAtMost(a: string, b: string): boolean {
  const left = parseAmount(a.trim(), READ_DECIMALS);
  const right = parseAmount(b.trim(), READ_DECIMALS);
  return left !== null && right !== null && left <= right;
}

/** a + b for two decimal texts, exactly (the text of `a` when either does not parse). */
export function addAmounts(a: string, b: string): string {
  const left = parseAmount(a.trim(), READ_DECIMALS);
  const right = parseAmount(b.trim(), READ_DECIMALS);
  if (left === null || right === null) return a;
  return formatAtomic(left + right, READ_DECIMALS);
}

/** The amount cut down to `decimals` places (the Max button fills what the field accepts). */
export function cutToDecimals(text: string, decimals: number): string {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  const cut = fraction.slice(0, decimals).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/** The product's name in the active language (en-US when a language is missing). */
export function localized(text: LocalizedText, language: string): string {
  if (language === 'zh-TW' || language === 'zh-CN' || language === 'en-US') {
    return text[language] || text['en-US'];
  }
  return text['en-US'];
}

export { formatDate, formatDateTime };
