/**
 * BCNT store rules (spec platform-account-wallet section 9, "BCNT store"). Shared by the
 * token service and the /bcnt page, which shows them. Amounts are USDT atomic units (6 decimals).
 *
 * Decisions (README):
 * - The BCNT price is fixed when the order is made (the quotation service's price at that
 *   moment) and never changes for that order.
 * - What is delivered follows what arrived: credited USDT / order price, rounded down to the
 *   BCNT atomic unit. Paying more than ordered buys proportionally more; paying less (but at
 *   least the minimum) buys proportionally less.
 * - Payments to one order address add up. Until the credited total reaches STORE_MIN_USDT the
 *   order stays Confirming and is flagged `belowMinimum`: the member may send the rest to the
 *   same address; otherwise support refunds it (`ops store list --state below-minimum`).
 * - Deposited = the credited total reached the minimum; `depositedAt` is the credit time of the
 *   payment that reached it. Delivery is at the next business day 12:00 UTC+8 after that
 *   (Mon-Fri, holidays not modelled; the operator can deliver earlier with `ops store deliver`).
 * - One delivery per order: USDT credited after the delivery is not delivered again; it is
 *   listed for support (`lateUsdt` in `ops store list`).
 * - A member may open at most STORE_MAX_UNPAID_ORDERS orders without a payment within 24 hours
 *   (every order derives a new address the deposit watcher follows).
 * - The order's price holds for payments seen on chain before `quoteExpiresAt` (the order time
 *   plus STORE_QUOTE_MINUTES, 30 by default, STORE_QUOTE_MINUTES in the server's environment).
 *   A payment seen later, or one that would take the order's credited USDT above
 *   STORE_MAX_USDT, buys no BCNT: it is credited to the member's USDT balance (ledger
 *   `store_payment_credited`) and listed on the order as `walletCreditedUsdt`.
 * - Store payments count toward the level-1 deposit limit like any deposit (a payment over it is
 *   held for support like a wallet deposit).
 */

export const STORE_USDT_DECIMALS = 6;
export const STORE_BCNT_DECIMALS = 18;

/** Minimum purchase: 100 USDT (spec section 9). */
export const STORE_MIN_USDT = 100_000_000n;
/** Largest single order: 100,000 USDT (larger purchases go through support, OTC). */
export const STORE_MAX_USDT = 100_000_000_000n;

/** How long an order's price holds by default (STORE_QUOTE_MINUTES overrides it). */
export const STORE_QUOTE_MINUTES = 30;

/** BCNT is delivered the next business day at this hour, UTC+8 (spec section 9). */
export const STORE_DELIVERY_HOUR_UTC8 = 12;
/** "store conversion takes 1 to 3 hours" (spec section 9), shown on the page. */
export const STORE_CONVERSION_HOURS = { min: 1, max: 3 } as const;

/** Orders without any payment a member may create within STORE_UNPAID_WINDOW_MS. */
export const STORE_MAX_UNPAID_ORDERS = 10;
export const STORE_UNPAID_WINDOW_MS = 24 * 60 * 60 * 1000;

/** BCNT total supply in whole tokens (spec section 9). */
export const BCNT_TOTAL_SUPPLY_TOKENS = '1000000000';

/** The browser polls the order list this often while an order is not final. */
export const STORE_ORDER_POLL_MS = 5_000;
