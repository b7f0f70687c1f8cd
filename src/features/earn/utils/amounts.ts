import { formatAmountAt } from '../../../lib/format-amount';
import { formatDate, formatDateTime } from '../../../lib/date-format';
import { currencyByCode } from '../../../shared/constants/currencies';
import { displayDecimals } from '../../../shared/constants/precision';
import { parseAmount, unitScale } from '../../../shared/money/decimal';

/**
 * Earn amounts are decimal strings in whole units of the product's currency ("1000", "0.05");
 * the browser computes with them as atomic bigints at the currency's decimals.
 */

/** The currency's on-chain decimals (18 for an unknown one, the most any listed has). */
export function currencyDecimals(currency: string): number {
  return currencyByCode(currency)?.decimals ?? 18;
}

/** Atomic units of a wire amount; null for an unparsable one. */
export function amountUnits(text: string, currency: string): bigint | null {
  return parseAmount(text, currencyDecimals(currency));
}

/** units x perUnit (the amount a join takes from the wallet); null for a bad perUnit. */
export function joinAmount(units: number, perUnit: string, currency: string): bigint | null {
  const price = amountUnits(perUnit, currency);
  return price === null ? null : price * BigInt(units);
}

/** The places an amount needs to be shown exactly ("0.05" needs 2, "1000" none). */
function exactPlaces(units: bigint, decimals: number): number {
  const magnitude = units < 0n ? -units : units;
  const fraction = (magnitude % unitScale(decimals)).toString().padStart(decimals, '0');
  return fraction.replace(/0+$/, '').length;
}

/**
 * How an amount is shown:
 * - `principal` (minimum investment, price per unit, invested, a join's amount): exactly, with
 *   at least the precision table's Invest places, so 0.005 BTC never reads "0.00";
 * - `reward` (accumulated rewards): the table's Interest places, cut towards zero;
 * - `balance` (available balance): the table's Balance places, cut towards zero (never more
 *   than the member has).
 * zh-TW number format (the spec's rule for amounts).
 */
export type EarnAmountKind = 'principal' | 'reward' | 'balance';

const TABLE_TYPE = { principal: 'invest', reward: 'interest', balance: 'balance' } as const;

export function formatEarnUnits(units: bigint, currency: string, kind: EarnAmountKind): string {
  const decimals = currencyDecimals(currency);
  const table = displayDecimals(currency, TABLE_TYPE[kind]);
  const places = kind === 'principal' ? Math.max(table, exactPlaces(units, decimals)) : table;
  return formatAmountAt(units, decimals, Math.min(places, decimals));
}

/** A wire amount for display; the text itself when it does not parse. */
export function formatEarnAmount(text: string, currency: string, kind: EarnAmountKind): string {
  const units = amountUnits(text, currency);
  return units === null ? text : formatEarnUnits(units, currency, kind);
}

/** A yearly rate in percent (8.5 -> "8.5%"), at most 2 places, in the reader's language. */
export function formatRate(rate: number, language: string | undefined): string {
  const format = new Intl.NumberFormat(language || 'en-US', { maximumFractionDigits: 2 });
  return `${format.format(rate)}%`;
}

/** An instant as YYYY/MM/DD HH:mm in UTC+8 (the caller adds the zone to the sentence). */
export const formatUtc8DateTime = (iso: string) => formatDateTime(iso);
/** A day as YYYY/MM/DD in UTC+8. */
export const formatUtc8Date = (iso: string) => formatDate(iso);

/**
 * A conversion price (one currency per unit of another, up to 18 places on the wire), in the
 * reader's language: 4 places from 1 up ("65,000.1234"), 6 significant digits below 1
 * ("0.0000153846"), rounded half away from zero. Display only: the exact price is the wire's.
 */
export function formatPrice(text: string, language: string | undefined): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  const options: Intl.NumberFormatOptions =
    Math.abs(value) >= 1 ? { maximumFractionDigits: 4 } : { maximumSignificantDigits: 6 };
  return new Intl.NumberFormat(language || 'en-US', options).format(value);
}
