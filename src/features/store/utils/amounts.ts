import { formatAmount } from '../../../lib/format-amount';
import { STORE_BCNT_DECIMALS, STORE_USDT_DECIMALS } from '../../../shared/constants/store';
import { mulDivFloor, parseAmount } from '../../../shared/money/decimal';

/** Prices are decimal strings with up to 18 places. */
const PRICE_DECIMALS = 18;

/** Units of a wire amount ("150.5"); 0n for anything unparsable (the server sent it). */
const units = (text: string, decimals: number) => parseAmount(text, decimals) ?? 0n;

/** USDT for display: zh-TW grouping, 2 places (the precision table's balance row), rounded down. */
export function formatUsdt(text: string, locale?: string): string {
  return formatAmount(units(text, STORE_USDT_DECIMALS), STORE_USDT_DECIMALS, {
    currency: 'USDT',
    type: 'balance',
    ...(locale ? { locale } : {}),
  });
}

/** BCNT for display: zh-TW grouping, 2 places, rounded down. */
export function formatBcnt(text: string, locale?: string): string {
  return formatAmount(units(text, STORE_BCNT_DECIMALS), STORE_BCNT_DECIMALS, {
    currency: 'BCNT',
    type: 'balance',
    ...(locale ? { locale } : {}),
  });
}

/**
 * BCNT (atomic units) that `usdtUnits` buys at `priceUsdt`, rounded down: what the server
 * computes for an order (domain/store/order-state.ts bcntForUsdt). null for a bad price.
 */
export function bcntForUsdt(usdtUnits: bigint, priceUsdt: string): bigint | null {
  const price = parseAmount(priceUsdt, PRICE_DECIMALS);
  if (price === null || price <= 0n) return null;
  return mulDivFloor(
    usdtUnits,
    10n ** BigInt(STORE_BCNT_DECIMALS + PRICE_DECIMALS - STORE_USDT_DECIMALS),
    price,
  );
}
