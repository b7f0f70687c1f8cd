/**
 * Exact decimal money (ARCHITECTURE "Money, time and the outside world"): amounts are decimal
 * strings on the wire ("1234.5"), `bigint` atomic units in code (1234.5 USDT with 6 decimals is
 * 1_234_500_000n), NUMERIC in the database. Nothing here ever goes through a JavaScript float.
 *
 * The text form follows the spec's numeric rule (platform-account-wallet section 5): an optional
 * sign, digits, and optionally a decimal point followed by digits. So "12", "-0.5", "+3.25" and
 * "007" are amounts; ".5", "5.", "1e6", "1,000", "0x10", "1 000" and "" are not.
 */
import * as z from 'zod/mini';

/** How a division that does not come out even is rounded. */
export type Rounding =
  /** towards minus infinity: -1.5 -> -2, 1.5 -> 1 */
  | 'floor'
  /** towards plus infinity: -1.5 -> -1, 1.5 -> 2 */
  | 'ceil'
  /** towards zero (cuts the digits off): -1.5 -> -1, 1.5 -> 1 */
  | 'trunc';

/** The spec's numeric rule, on text that has been trimmed. ASCII digits only. */
export const AMOUNT_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * Longest amount text accepted (after trimming). uint256 and NUMERIC(78, 0) hold 78 digits; the
 * margin leaves room for a sign, a point and leading zeros. The cap keeps a hostile request body
 * from making the server build a megabyte-long bigint.
 */
export const AMOUNT_TEXT_MAX_LENGTH = 100;

/** Largest amount the chain (uint256) and the database (NUMERIC(78, 0) columns) can hold. */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** Token decimals are a uint8 on chain; anything else is a programming error. */
function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`decimals must be an integer from 0 to 255, got ${decimals}`);
  }
}

/** 10^decimals as a bigint: the number of atomic units in one whole unit. */
export function unitScale(decimals: number): bigint {
  assertDecimals(decimals);
  return 10n ** BigInt(decimals);
}

interface AmountParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** Sign, integer digits and fraction digits of an amount text; null if it breaks the rule. */
function splitAmount(text: string): AmountParts | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed.length > AMOUNT_TEXT_MAX_LENGTH) return null;
  const match = AMOUNT_PATTERN.exec(trimmed);
  if (!match) return null;
  return { negative: match[1] === '-', integer: match[2] ?? '0', fraction: match[3] ?? '' };
}

function partsToUnits({ negative, integer, fraction }: AmountParts, decimals: number): bigint {
  const units = BigInt(integer + fraction.padEnd(decimals, '0'));
  return negative ? -units : units;
}

/**
 * Decimal text -> atomic units: `parseAmount('1234.5', 6)` is `1_234_500_000n`.
 *
 * Outer whitespace is trimmed. Returns null for text that breaks the numeric rule (empty,
 * whitespace inside, exponent notation, grouping commas, a bare or trailing point, non-ASCII
 * digits, longer than AMOUNT_TEXT_MAX_LENGTH) and for more fraction digits than `decimals`,
 * even zeros ("1.50" with 1 decimal): an amount is never silently rounded on the way in.
 * "-0" is 0n. Throws a RangeError if `decimals` is not an integer from 0 to 255.
 */
export function parseAmount(text: string, decimals: number): bigint | null {
  assertDecimals(decimals);
  const parts = splitAmount(text);
  if (!parts || parts.fraction.length > decimals) return null;
  return partsToUnits(parts, decimals);
}

/**
 * Atomic units -> the canonical decimal text: no grouping, no plus sign, no leading zeros, no
 * trailing fraction zeros, no point when the fraction is zero, "0" for zero (never "-0").
 * `formatAtomic(1_234_500_000n, 6)` is "1234.5"; `formatAtomic(-1n, 6)` is "-0.000001".
 * This is the wire form; for what a member sees use `formatAmount` (src/lib/format-amount.ts).
 */
export function formatAtomic(units: bigint, decimals: number): string {
  const scale = unitScale(decimals);
  const magnitude = units < 0n ? -units : units;
  const integer = (magnitude / scale).toString();
  const fraction =
    decimals === 0 ? '' : (magnitude % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${units < 0n ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `numerator / denominator`, exact, rounded as asked (bigint `/` alone truncates towards zero).
 * Throws a RangeError for a zero denominator.
 */
export function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const quotient = numerator / denominator;
  if (numerator % denominator === 0n || rounding === 'trunc') return quotient;
  // not even: the exact result lies strictly between quotient and quotient +/- 1
  const positive = numerator < 0n === denominator < 0n;
  if (rounding === 'floor') return positive ? quotient : quotient - 1n;
  return positive ? quotient + 1n : quotient;
}

/**
 * floor(a * b / c), exact (the product is never rounded first). For shares and conversions the
 * platform pays out: interest, the output of a conversion at a rate, a member's part of a pool.
 * Rounding down means a payout never exceeds what the books hold.
 *
 * Example: 0.1% of 1234.567891 USDT (6 decimals) paid to a member:
 * `mulDivFloor(1_234_567_891n, 1n, 1000n)` = 1_234_567n (1.234567 USDT; the 0.000000891
 * left over stays in the books).
 */
export function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  return divide(a * b, c, 'floor');
}

/**
 * ceil(a * b / c), exact. For what the platform charges: fees and the input needed to receive a
 * given output. Rounding up means a fee is never below the rate by a fraction of an atomic unit;
 * the member's side is then `amount - fee`, so the postings still balance exactly.
 *
 * Example: a 0.1% fee on 1234.567891 USDT: `mulDivCeil(1_234_567_891n, 1n, 1000n)` = 1_234_568n
 * (1.234568 USDT).
 */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  return divide(a * b, c, 'ceil');
}

/**
 * The same amount at other decimals: `convertUnits(1_500_000n, 6, 18, 'floor')` is 1.5e18 (exact
 * when widening). When narrowing the dropped digits are rounded as asked:
 * `convertUnits(1_999_999n, 6, 2, 'floor')` is 199n (1.99), with 'ceil' 200n (2.00).
 */
export function convertUnits(
  units: bigint,
  fromDecimals: number,
  toDecimals: number,
  rounding: Rounding,
): bigint {
  assertDecimals(fromDecimals);
  assertDecimals(toDecimals);
  if (toDecimals >= fromDecimals) return units * unitScale(toDecimals - fromDecimals);
  return divide(units, unitScale(fromDecimals - toDecimals), rounding);
}

/**
 * Messages of an amount that is refused; each doubles as the i18n key (the style of
 * `AccountMessage` and `KycMessage`). A form may pass its own (e.g. the spec's
 * "Minimum Withdrawal") through `AmountRules.messages`.
 */
export const AmountMessage = {
  /** breaks the numeric rule */
  format: 'amount_format',
  /** more fraction digits than the currency has */
  tooManyDecimals: 'amount_too_many_decimals',
  /** zero or negative where a positive amount is required */
  notPositive: 'amount_not_positive',
  belowMin: 'amount_below_min',
  aboveMax: 'amount_above_max',
} as const;
export type AmountMessageKey = keyof typeof AmountMessage;

export interface AmountRules {
  /**
   * Smallest accepted amount, in atomic units. Default 0n: negatives are refused unless a
   * negative minimum is given, because a request body's amount is a quantity to move.
   */
  min?: bigint;
  /** Largest accepted amount, in atomic units. Default MAX_UINT256 (what chain and DB hold). */
  max?: bigint;
  /** Refuse zero (and negatives) with `notPositive`. */
  positive?: boolean;
  /** Replace some of the default messages. */
  messages?: Partial<Record<AmountMessageKey, string>>;
}

function resolveRules(rules: AmountRules) {
  const min = rules.min ?? 0n;
  const max = rules.max ?? MAX_UINT256;
  if (min > max) throw new RangeError(`min ${min} is above max ${max}`);
  return { min, max, positive: rules.positive ?? false, messages: rules.messages ?? {} };
}

/**
 * Checks an amount text against the numeric rule, the currency's decimals and the bounds;
 * null when it passes, otherwise the message (first failure only, in the order: format,
 * decimals, positive, min, max). For forms that validate outside zod.
 */
export function checkAmount(
  text: string,
  decimals: number,
  rules: AmountRules = {},
): string | null {
  assertDecimals(decimals);
  const { min, max, positive, messages } = resolveRules(rules);
  const parts = splitAmount(text);
  if (!parts) return messages.format ?? AmountMessage.format;
  if (parts.fraction.length > decimals) {
    return messages.tooManyDecimals ?? AmountMessage.tooManyDecimals;
  }
  const units = partsToUnits(parts, decimals);
  if (positive && units <= 0n) return messages.notPositive ?? AmountMessage.notPositive;
  if (units < min) return messages.belowMin ?? AmountMessage.belowMin;
  if (units > max) return messages.aboveMax ?? AmountMessage.aboveMax;
  return null;
}

/**
 * A zod/mini string schema for an amount of a currency with `decimals`, for request bodies and
 * forms (`z.object({ amount: amountSchema(6, { positive: true }) })`). It trims, checks with
 * `checkAmount` (one issue with that message), and outputs the canonical text, so
 * " +0010.50 " arrives as "10.5"; turn it into units with `parseAmount(value, decimals)`.
 * Throws a RangeError at creation for bad decimals or `min > max`.
 */
export function amountSchema(decimals: number, rules: AmountRules = {}) {
  assertDecimals(decimals);
  resolveRules(rules);
  return z.string().check(
    z.trim(),
    z.superRefine((value: string, ctx) => {
      const message = checkAmount(value, decimals, rules);
      if (message !== null)
        ctx.addIssue({ code: 'custom', message, input: value, continue: false });
    }),
    z.overwrite((value: string) => {
      const units = parseAmount(value, decimals);
      return units === null ? value : formatAtomic(units, decimals);
    }),
  );
}
