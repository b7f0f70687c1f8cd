/**
 * Decimal places shown by currency and transaction type (spec platform-account-wallet section 3,
 * "Decimal places by currency and type"). Display precision only: amounts are stored and moved
 * in atomic units at the currency's full decimals (`CurrencyDefinition.decimals`); the browser
 * cuts them down to these places with `formatAmount` (src/lib/format-amount.ts).
 */
import { CURRENCY_ID, currencyById, type CurrencyDefinition } from './currencies';

/** Transaction types (spec section 3): Invest 1, Deposit 2, Withdraw 3, Fee 4, Balance 5, Interest 6. */
export const TRANSACTION_TYPE = {
  invest: 1,
  deposit: 2,
  withdraw: 3,
  fee: 4,
  balance: 5,
  interest: 6,
} as const;
export type TransactionTypeName = keyof typeof TRANSACTION_TYPE;
export type TransactionType = (typeof TRANSACTION_TYPE)[TransactionTypeName];

/** Places shown wherever the table below says nothing (spec: "The default is 6 decimals"). */
export const DEFAULT_DISPLAY_DECIMALS = 6;

type CurrencyCode = CurrencyDefinition['code'];

/**
 * The spec's table. A type left out of a currency's row is one the spec is silent about and
 * shows DEFAULT_DISPLAY_DECIMALS. Id 28 is listed as USDT: the spec says "USDT precision uses the
 * MST entry", and MST is the legacy name of the same id (see currencies.ts).
 */
export const DISPLAY_DECIMALS = {
  // Deposit is not in the spec's ETH row: it shows the default 6.
  ETH: { invest: 2, withdraw: 6, fee: 6, balance: 6, interest: 6 },
  BTC: { invest: 2, deposit: 6, withdraw: 4, fee: 4, balance: 4, interest: 4 },
  USDC: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
  BCNT: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
  USDT: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
} as const satisfies Record<CurrencyCode, Partial<Record<TransactionTypeName, number>>>;

const TYPE_NAME_BY_ID = new Map<number, TransactionTypeName>(
  Object.entries(TRANSACTION_TYPE).map(([name, id]) => [id, name as TransactionTypeName]),
);

/** A currency id (27) or code ('BCNT', 'bcnt', 'MST') -> the listed code; undefined if unknown. */
function currencyCode(currency: number | string): CurrencyCode | undefined {
  if (typeof currency === 'number') return currencyById(currency)?.code;
  const key = currency.trim().toUpperCase();
  if (!Object.hasOwn(CURRENCY_ID, key)) return undefined;
  return currencyById(CURRENCY_ID[key as keyof typeof CURRENCY_ID])?.code;
}

/**
 * Decimal places to show for an amount of `currency` (id or code, MST = USDT) in a transaction
 * or balance of `type` (a TransactionType id 1-6, or its name). An unknown currency, an unknown type, or a cell the
 * spec leaves empty (ETH Deposit) gives DEFAULT_DISPLAY_DECIMALS.
 */
export function displayDecimals(
  currency: number | string,
  type: TransactionTypeName | number,
): number {
  const code = currencyCode(currency);
  const typeName = typeof type === 'number' ? TYPE_NAME_BY_ID.get(type) : type;
  if (code === undefined || typeName === undefined) return DEFAULT_DISPLAY_DECIMALS;
  const row: Partial<Record<TransactionTypeName, number>> = DISPLAY_DECIMALS[code];
  return row[typeName] ?? DEFAULT_DISPLAY_DECIMALS;
}
