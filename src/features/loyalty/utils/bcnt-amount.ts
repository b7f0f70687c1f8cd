import { formatUnits, parseUnits } from 'viem';
import { BCNT_DECIMALS } from '../../../shared/constants/chain';

/**
 * BCNT amounts typed by the member. BCNT has 18 decimals on chain; the form takes at most 8
 * (enough for any real amount, short enough to read back). Text in, `bigint` atomic units out,
 * never a float.
 */
export const BCNT_INPUT_DECIMALS = 8;
/** Atomic units of a field's text; undefined when there is no number in it yet. */
export function parseBcntAmount(text: string): bigint | undefined {
  if (!/^\d+(\.\d*)?$/.test(text)) return undefined;
  const [integer = '0', fraction = ''] = text.split('.');
  if (fraction.length > BCNT_INPUT_DECIMALS) return undefined;
  return parseUnits(`${integer}.${fraction || '0'}`, BCNT_DECIMALS);
}

/** A value as field text (for Max): at most 8 decimals, cut off (never more than the value). */
export function amountToInputText(value: bigint): string {
  const [integer = '0', fraction = ''] = formatUnits(value, BCNT_DECIMALS).split('.');
  const shown = fraction.slice(0, BCNT_INPUT_DECIMALS).replace(/0+$/, '');
  return shown ? `${integer}.${shown}` : integer;
}

/** A decimal string in token units from the server ("12000.5") as atomic units. */
export function tokenAmountToUnits(amount: string): bigint {
  return parseUnits(amount, BCNT_DECIMALS);
}

export type AmountProblem = 'required' | 'positive' | 'exceedsLimit';

/** What is wrong with an amount against its upper limit (the balance or the staked amount). */
export function amountProblem(text: string, limit: bigint | undefined): AmountProblem | undefined {
  const value = parseBcntAmount(text);
  if (text === '' || value === undefined) return 'required';
  if (value <= 0n) return 'positive';
  if (limit !== undefined && value > limit) return 'exceedsLimit';
  return undefined;
}
