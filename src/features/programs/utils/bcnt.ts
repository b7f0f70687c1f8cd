import { formatAmount } from '../../../lib/format-amount';
import { parseAmount } from '../../../shared/money/decimal';

const BCNT_DECIMALS = 18;

/** A BCNT decimal text of the server ("3500", "0.5") as the wallet shows BCNT balances. */
export function formatBcnt(text: string): string {
  const units = parseAmount(text, BCNT_DECIMALS) ?? 0n;
  return formatAmount(units, BCNT_DECIMALS, { currency: 'BCNT', type: 'balance' });
}
