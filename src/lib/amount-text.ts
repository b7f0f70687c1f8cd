/**
 * Amounts typed by the member, exact: the amount fields take digits and one decimal point, at
 * most `decimals` places (the currency's, or fewer where a form says so). A comma is read as a
 * decimal point (some keyboards), a leading point gets its zero; any other keystroke keeps the
 * previous text (it is blocked) and `blockedAmountReason` says why, so the field can tell the
 * member instead of silently ignoring the key.
 */
const MAX_INTEGER_DIGITS = 12;

/** Why a keystroke was blocked: the field shows one message per reason. */
export type BlockedAmountReason = 'negative' | 'character' | 'decimals' | 'integerDigits';

function normalize(typed: string): string {
  const text = typed.trim().replace(',', '.');
  return text.startsWith('.') ? `0${text}` : text;
}

export function nextAmountText(typed: string, previous: string, decimals: number): string {
  return blockedAmountReason(typed, decimals) === null ? normalize(typed) : previous;
}

/** null when `typed` is a valid amount text (what `nextAmountText` accepts); else the reason. */
export function blockedAmountReason(typed: string, decimals: number): BlockedAmountReason | null {
  const text = normalize(typed);
  const pattern = new RegExp(`^\\d{0,${MAX_INTEGER_DIGITS}}(\\.\\d{0,${decimals}})?$`);
  if (pattern.test(text)) return null;
  if (text.includes('-')) return 'negative';
  if (!/^[\d.]*$/.test(text) || (text.match(/\./g) ?? []).length > 1) return 'character';
  const [integer = '', fraction = ''] = text.split('.');
  if (fraction.length > decimals) return 'decimals';
  if (integer.length > MAX_INTEGER_DIGITS) return 'integerDigits';
  return 'character';
}

export const AMOUNT_MAX_INTEGER_DIGITS = MAX_INTEGER_DIGITS;
