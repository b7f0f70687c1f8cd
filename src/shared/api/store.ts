/**
 * BCNT store calls of the token service (spec platform-account-wallet sections 2 `/bcnt`, 3 "BCNT
 * purchase order", 4 "Store order", 7 "createOrderAndGetDepositWalletAddress, getOrderList,
 * getTokenInfo"). One source for the server's validation and the browser's parsing.
 *
 * - `POST /token/order` (member, identity verified, `Idempotency-Key` header): create an order
 *   and its own deposit address (EVM, USDT ERC20).
 * - `GET /token/order?page=&pageSize=` (member): the member's orders, newest first.
 * - `GET /token/info` (public): BCNT token info and the store rules.
 *
 * Amounts are decimal strings in whole units ("150.5" USDT), never floats; times ISO 8601 (UTC).
 * Rules and decisions: shared/constants/store.ts.
 */
import * as z from 'zod/mini';
import { amountSchema } from '../money/decimal';
import { STORE_MAX_USDT, STORE_MIN_USDT, STORE_USDT_DECIMALS } from '../constants/store';

const int = () => z.number().check(z.int());
/** a non-negative decimal string in whole units */
const decimalText = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const hexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/** Spec section 4: Created, Confirming, Deposited, Delivered. */
export const STORE_ORDER_STATES = ['Created', 'Confirming', 'Deposited', 'Delivered'] as const;
export type StoreOrderState = (typeof STORE_ORDER_STATES)[number];
export const storeOrderStateSchema = z.enum(STORE_ORDER_STATES);

/** Message keys of store refusals (translated by the browser, namespace `store`). */
export const StoreError = {
  /** the spec's purchase failure text */
  purchaseFailed: 'Failed to purchase. Please try again.',
  belowMinimum: 'store_below_minimum',
  aboveMaximum: 'store_above_maximum',
  tooManyUnpaidOrders: 'store_too_many_unpaid_orders',
  /** no USDT contract on the configured chain */
  unavailable: 'store_unavailable',
} as const;

// ---- POST /token/order ---------------------------------------------------------------------
export const createStoreOrderBodySchema = z.object({
  /** USDT to pay, e.g. "150" (minimum 100, at most 6 decimals) */
  usdtAmount: amountSchema(STORE_USDT_DECIMALS, {
    positive: true,
    min: STORE_MIN_USDT,
    max: STORE_MAX_USDT,
    messages: { belowMin: StoreError.belowMinimum, aboveMax: StoreError.aboveMaximum },
  }),
});
export type CreateStoreOrderBody = z.infer<typeof createStoreOrderBodySchema>;

export const storeOrderSchema = z.object({
  /** e.g. BC20250301000012 ("BC", the UTC+8 date, a sequence) */
  orderNumber: z.string(),
  status: storeOrderStateSchema,
  /** the order's own EVM deposit address (lower-case) */
  depositAddress: hexAddress,
  /** EVM chain id the payment goes on */
  chainId: int(),
  /** the USDT (ERC20) contract to pay with */
  usdtTokenAddress: z.nullable(hexAddress),
  /** the USDT asked for when the order was made */
  usdtAmount: decimalText,
  /** USDT credited to the order address so far (0 before the first confirmed payment) */
  depositedUsdt: decimalText,
  /** USDT seen on chain, still waiting for its confirmations */
  confirmingUsdt: decimalText,
  /**
   * BCNT of the order: delivered quantity once Delivered; before that what the credited USDT
   * buys (or, before any credit, what usdtAmount buys) at the order's price
   */
  bcntAmount: decimalText,
  /** USDT per BCNT, fixed when the order was made */
  priceUsdt: decimalText,
  /** credited USDT is below the store minimum: send the rest or contact support */
  belowMinimum: z.boolean(),
  /** the latest payment's transaction hash */
  txHash: z.nullable(z.string()),
  createdAt: z.string(),
  /** the price holds for payments seen on chain before this time (ISO) */
  quoteExpiresAt: z.string(),
  /**
   * seconds of the quote left when the server answered (by its clock: the browser counts down
   * from it, whatever its own clock says)
   */
  quoteSecondsLeft: int(),
  /**
   * USDT paid to the order address that bought no BCNT (after the quote expired, or above the
   * order maximum): credited to the member's USDT balance instead
   */
  walletCreditedUsdt: decimalText,
  depositedAt: z.nullable(z.string()),
  /** when the BCNT will be (or was due to be) delivered: next business day 12:00 UTC+8 */
  deliverAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;

// ---- GET /token/order ----------------------------------------------------------------------
export const storeOrderListQuerySchema = z.object({
  /** 1-based */
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
});
export type StoreOrderListQuery = z.infer<typeof storeOrderListQuerySchema>;

export const storeOrderListSchema = z.object({
  items: z.array(storeOrderSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type StoreOrderList = z.infer<typeof storeOrderListSchema>;

// ---- GET /token/info -----------------------------------------------------------------------
export const tokenInfoSchema = z.object({
  symbol: z.literal('BCNT'),
  name: z.string(),
  decimals: int(),
  /** whole tokens, "1000000000" */
  totalSupply: decimalText,
  chainId: int(),
  /** the BCNT contract on chainId (null when not deployed there) */
  contractAddress: z.nullable(hexAddress),
  /** current quotation, USDT per BCNT */
  priceUsdt: decimalText,
  storeMinimumUsdt: decimalText,
  storeMaximumUsdt: decimalText,
  /** an order's price holds for payments seen within this many minutes of the order */
  storeQuoteMinutes: int(),
  /** delivery: next business day at this hour, UTC+8 */
  deliveryHourUtc8: int(),
  conversionHoursMin: int(),
  conversionHoursMax: int(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;
