import { formatAmount } from '../../../lib/format-amount';
import { amountUnits } from './amount-text';
import { decimalsOf } from './convert-preview';

/** Atomic units of `currency` as a member sees a balance (precision table, zh-TW format). */
export function showUnits(units: bigint, currency: string): string {
  return formatAmount(units, decimalsOf(currency), { currency, type: 'balance' });
}

/** A wire amount ("12.5") of `currency` as a member sees it. */
export function showAmount(text: string, currency: string): string {
  const units = amountUnits(text, decimalsOf(currency));
  return units === undefined ? text : showUnits(units, currency);
}
