/**
 * Amounts as a member sees them (spec platform-account-wallet sections 3 and 5): the decimal
 * places of the precision table for the currency and transaction type, in the zh-TW number
 * format ("1,234,567.89": thousands grouped with ',', '.' as the decimal point).
 *
 * Exact: the amount stays a bigint. It is cut down to the shown places with bigint arithmetic,
 * the integer part is grouped by `Intl.NumberFormat` given a bigint (never a float), and the
 * fraction digits are appended as text. So 1e27 atomic BCNT reads "1,000,000,000.00".
 *
 * Decisions (the spec leaves them open):
 * - Rounding is always towards zero: a balance is never shown as more than the member has, and
 *   a debit (negative amount) never as larger than it is. Trailing zeros are kept up to the
 *   shown places ("12.50", not "12.5"), so columns line up.
 * - Values under 0.000001 (spec: "handled specially", how is not shown): a positive amount
 *   under 0.000001 that would read as zero at the shown places reads "< 0.000001", so a
 *   member's dust is not shown as an empty balance; a negative one reads "> -0.000001".
 *   Amounts of 0.000001 or more that are below the shown places read as zero at those places
 *   ("0.00" for 0.004 USDT), as the table asks; a negative one keeps its sign ("-0.00").
 */
import { displayDecimals, type TransactionTypeName } from '../shared/constants/precision';
import { convertUnits, unitScale } from '../shared/money/decimal';

/** The spec's number locale ("Numbers are formatted with the zh-TW locale"). */
export const AMOUNT_LOCALE = 'zh-TW';

/** Amounts under this many units (0.000001) are shown as "< 0.000001" (see above). */
export const TINY_AMOUNT_DECIMALS = 6;

interface LocaleNumberParts {
  /** grouping formatter for whole numbers */
  integer: Intl.NumberFormat;
  decimalSeparator: string;
  /** the locale's digits 0-9 (Latin for zh-TW; e.g. Arabic-Indic for ar-EG) */
  digits: readonly string[];
}

const localeCache = new Map<string, LocaleNumberParts>();

function numberParts(locale: string): LocaleNumberParts {
  const cached = localeCache.get(locale);
  if (cached) return cached;
  let integer: Intl.NumberFormat;
  try {
    integer = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
  } catch {
    // an invalid language tag: fall back to the platform's locale rather than break a screen
    const fallback = numberParts(AMOUNT_LOCALE);
    localeCache.set(locale, fallback);
    return fallback;
  }
  const resolved = integer.resolvedOptions().locale;
  const digitFormat = new Intl.NumberFormat(resolved, { useGrouping: false });
  const parts: LocaleNumberParts = {
    integer,
    // 0.5 is a float only to ask the locale which character it uses as the decimal point
    decimalSeparator:
      new Intl.NumberFormat(resolved, { minimumFractionDigits: 1 })
        .formatToParts(0.5)
        .find((part) => part.type === 'decimal')?.value ?? '.',
    digits: Array.from({ length: 10 }, (_, digit) => digitFormat.format(BigInt(digit))),
  };
  localeCache.set(locale, parts);
  return parts;
}

/**
 * `magnitude` atomic units at `decimals`, with a minus sign if `negative` (also when the shown
 * value is zero), grouped and localised. The sign goes where the locale puts it.
 */
function localise(magnitude: bigint, decimals: number, negative: boolean, locale: string): string {
  const { integer: integerFormat, decimalSeparator, digits } = numberParts(locale);
  const scale = unitScale(decimals);
  const integer = magnitude / scale;
  // -0n does not exist: for a negative amount under 1 format -1 and put the zero in afterwards
  const parts = integerFormat.formatToParts(negative ? -(integer === 0n ? 1n : integer) : integer);
  const zeroInteger = negative && integer === 0n;
  const fraction =
    decimals === 0
      ? ''
      : decimalSeparator +
        Array.from(
          (magnitude % scale).toString().padStart(decimals, '0'),
          (d) => digits[Number(d)],
        ).join('');
  const lastInteger = parts.findLastIndex((part) => part.type === 'integer');
  return parts
    .map((part, index) => {
      const value = zeroInteger && part.type === 'integer' ? (digits[0] ?? '0') : part.value;
      return index === lastInteger ? value + fraction : value;
    })
    .join('');
}

/**
 * `units` (atomic, `tokenDecimals` per whole unit) shown with exactly `shownDecimals` places,
 * cut towards zero, grouped in `locale`, with the tiny-value rule of this file. For amounts the
 * precision table does not cover (e.g. a stake threshold shown with 0 places).
 */
export function formatAmountAt(
  units: bigint,
  tokenDecimals: number,
  shownDecimals: number,
  locale: string = AMOUNT_LOCALE,
): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const shown = convertUnits(magnitude, tokenDecimals, shownDecimals, 'trunc');
  const tiny = magnitude * unitScale(TINY_AMOUNT_DECIMALS) < unitScale(tokenDecimals);
  if (magnitude !== 0n && shown === 0n && tiny) {
    const smallest = localise(1n, TINY_AMOUNT_DECIMALS, negative, locale);
    return negative ? `> ${smallest}` : `< ${smallest}`;
  }
  return localise(shown, shownDecimals, negative, locale);
}

export interface FormatAmountOptions {
  /** currency id (27) or code ('BCNT'; 'MST' and 'USDT' are id 28) */
  currency: number | string;
  /** transaction type id 1-6 (TRANSACTION_TYPE) or name; 'balance' for wallet balances */
  type: TransactionTypeName | number;
  /** defaults to zh-TW, the spec's number format */
  locale?: string;
}

/**
 * An amount for display: `formatAmount(1_234_567_891n, 6, { currency: 'USDT', type: 'balance' })`
 * is "1,234.56". The places come from the precision table (`displayDecimals`); see the top of
 * this file for rounding and values under 0.000001.
 */
export function formatAmount(
  units: bigint,
  tokenDecimals: number,
  { currency, type, locale = AMOUNT_LOCALE }: FormatAmountOptions,
): string {
  return formatAmountAt(units, tokenDecimals, displayDecimals(currency, type), locale);
}
