import { formatDate, formatDateTime } from '../../../lib/date-format';
import { formatAmountAt } from '../../../lib/format-amount';
import type { LocalizedText } from '../../../shared/api/earn';
import { currencyByCode } from '../../../shared/constants/currencies';
import { parseAmount } from '../../../shared/money/decimal';

/**
 * Smart Autotrade's figures as a member reads them. Amounts are decimal strings on the wire;
 * they are shown exactly as bigints (cut towards zero at the shown places, grouped in the zh-TW
 * number format, the spec's rule). Rates are the API's percent numbers with two decimals.
 */

/** Decimals an amount is read at: at least the currency's, up to 18 (the wire's maximum). */
const READ_DECIMALS = 18;

/** Places shown: quote amounts (USDT) 2, crypto positions 6, margins by the token (BCNT 2). */
export function shownPlaces(currency: string): number {
  const code = currency.toUpperCase();
  if (code === 'USDT' || code === 'USDC' || code === 'USD' || code === 'BCNT') return 2;
  return Math.min(6, currencyByCode(code)?.decimals ?? 6);
}

/** An amount for display with `places` (default by currency); the text itself if it does not parse. */
export function formatTradeAmount(text: string, currency: string, places?: number): string {
  const units = parseAmount(text, READ_DECIMALS);
  if (units === null) return text;
  return formatAmountAt(units, READ_DECIMALS, places ?? shownPlaces(currency));
}

/** A signed amount with its sign ("+12.50", "-3.00"). */
export function formatSignedAmount(text: string, currency: string): string {
  const units = parseAmount(text, READ_DECIMALS);
  if (units === null) return text;
  const shown = formatAmountAt(units, READ_DECIMALS, shownPlaces(currency));
  return units > 0n ? `+${shown}` : shown;
}

/** A price (up to 8 significant places, trailing zeros dropped). */
export function formatPrice(text: string): string {
  const units = parseAmount(text, READ_DECIMALS);
  if (units === null) return text;
  const shown = formatAmountAt(units, READ_DECIMALS, 8);
  return shown.includes('.') ? shown.replace(/0+$/, '').replace(/\.$/, '.00') : shown;
}

/** "12.34%" (two decimals, sign only for a negative) */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** "+12.34%" / "-3.00%" for a return */
export function formatSignedPercent(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/** Whether a signed decimal text is below zero (for the loss colour). */
export function isNegativeText(text: string): boolean {
  return text.trim().startsWith('-') && (parseAmount(text, READ_DECIMALS) ?? 0n) !== 0n;
}

/** The strategy's name in the active language (en-US when a language is missing). */
export function localized(text: LocalizedText, language: string): string {
  if (language === 'zh-TW' || language === 'zh-CN' || language === 'en-US') {
    return text[language] || text['en-US'];
  }
  return text['en-US'];
}

/** Days of the API are YYYY-MM-DD in UTC+8: shown YYYY/MM/DD. */
export function formatDay(day: string): string {
  return day.replaceAll('-', '/');
}

export { formatDate, formatDateTime };

/** A positive decimal text with at most `decimals` places, or undefined. */
export function positiveAmountText(text: string, decimals: number): string | undefined {
  const trimmed = text.trim();
  const units = parseAmount(trimmed, decimals);
  return units !== null && units > 0n ? trimmed : undefined;
}

/** a <= b for two decimal texts (false when either does not parse). */
export function amountAtMost(a: string, b: string): boolean {
  const left = parseAmount(a, READ_DECIMALS);
  const right = parseAmount(b, READ_DECIMALS);
  return left !== null && right !== null && left <= right;
}

/** `BTC/USDT` -> `USDT` (the quote currency amounts of a strategy are in). */
export function quoteOf(symbol: string): string {
  return symbol.split('/')[1] ?? 'USDT';
}

/** `BTC/USDT` -> `BTC` */
export function baseOf(symbol: string): string {
  return symbol.split('/')[0] ?? symbol;
}

/** The categories the platform names (others show as the operator wrote them). */
export const KNOWN_CATEGORIES = ['trend', 'grid', 'mean_reversion'] as const;
export type KnownCategory = (typeof KNOWN_CATEGORIES)[number];
export function isKnownCategory(category: string): category is KnownCategory {
  return (KNOWN_CATEGORIES as readonly string[]).includes(category);
}
