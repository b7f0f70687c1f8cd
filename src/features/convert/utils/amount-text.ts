import { formatAtomic, parseAmount } from '../../../shared/money/decimal';

/**
 * Amounts typed by the member, exact: text in, `bigint` atomic units out, never a float (the
 * field's keystroke rule is `nextAmountText` in src/lib/amount-text.ts).
 */
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
