/**
 * Amounts typed by the member, exact: the amount fields take digits and one decimal point, at
 * most `decimals` places (the currency's, or fewer where a form says so). A comma is read as a
 * decimal point (some keyboards), a leading point gets its zero; any other keystroke keeps the
 * previous text (it is blocked).
 */
const MAX_INTEGER_DIGITS = 12;

export function nextAmountText(typed: string, previous: string, decimals: number): string {
  const text = typed.trim().replace(',', '.');
  const normalized = text.startsWith('.') ? `0${text}` : text;
  const pattern = new RegExp(`^\\d{0,${MAX_INTEGER_DIGITS}}(\\.\\d{0,${decimals}})?$`);
  return pattern.test(normalized) ? normalized : previous;
}
