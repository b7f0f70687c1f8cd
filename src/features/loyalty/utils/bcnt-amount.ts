import { formatUnits, parseUnits } from 'viem';
import { BCNT_DECIMALS } from '../../../shared/constants/chain';

/**
 * BCNT amounts typed by the member. BCNT has 18 decimals on chain; the form takes at most 8
 * (enough for any real amount, short enough to read back). Text in, `bigint` atomic units out,
 * never a float.
 */
export const BCNT_INPUT_DECIMALS = 8;
/** 1,000,000,000 BCNT exist: 10 integer digits; a few more are harmless, more are typos. */
const MAX_INTEGER_DIGITS = 12;

const INPUT_PATTERN = new RegExp(
  `^\\d{0,${MAX_INTEGER_DIGITS}}(\\.\\d{0,${BCNT_INPUT_DECIMALS}})?$`,
);

/**
 * The field's next text: digits and one decimal point, at most 8 decimals. A comma is read as
 * a decimal point (some keyboards), a leading point gets its zero. Anything else keeps the
 * previous text (the keystroke is blocked).
 */
export function nextAmountText(typed: string, previous: string): string {
  const text = typed.trim().replace(',', '.');
  const normalized = text.startsWith('.') ? `0${text}` : text;
  return INPUT_PATTERN.test(normalized) ? normalized : previous;
}

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
