import { formatAtomic, parseAmount } from '../../../shared/money/decimal';

/**
 * Amounts typed by the member, exact: text in, `bigint` atomic units out, never a float. The
 * field takes digits and one decimal point, at most the currency's decimals (USDT 6, BCNT 18);
 * other keystrokes keep the previous text.
 */
const MAX_INTEGER_DIGITS = 12;

export function nextAmountText(typed: string, previous: string, decimals: number): string {
  const text = typed.trim().replace(',', '.');
  const normalized = text.startsWith('.') ? `0${text}` : text;
  const pattern = new RegExp(`^\\d{0,${MAX_INTEGER_DIGITS}}(\\.\\d{0,${decimals}})?$`);
  return pattern.test(normalized) ? normalized : previous;
}

/** Atomic units of a field's text; undefined while there is no complete number. */
export function amountUnits(text: string, decimals: number): bigint | undefined {
  const trimmed = text.endsWith('.') ? text.slice(0, -1) : text;
  if (trimmed === '') return undefined;
  return parseAmount(trimmed, decimals) ?? undefined;
}

/** Units as field text (Max): exact, no grouping. */
export function unitsToText(units: bigint, decimals: number): string {
  return formatAtomic(units, decimals);
}
