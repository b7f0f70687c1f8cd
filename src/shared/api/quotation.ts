import * as z from 'zod/mini';

/**
 * Quotation service (`/quotation`, spec section 7: symbol ticker, symbols, symbol market, BCNT
 * price). Public. Prices are decimal strings in the quote currency; symbols are unified
 * (`BTC/USDT`). The exchange's pairs come from the exchange adapter (the local paper exchange
 * by default); BCNT/USDT is the platform's own price feed (no order book: its market answers
 * the price alone).
 */
export const BCNT_SYMBOL = 'BCNT/USDT';

export const symbolSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** the smallest order the exchange takes, base units as a decimal string; null for BCNT */
  minAmount: z.nullable(z.string()),
  source: z.enum(['exchange', 'platform']),
});
export type QuotationSymbol = z.infer<typeof symbolSchema>;
export const symbolsSchema = z.array(symbolSchema);

/** `BTC/USDT`: two upper-case codes. */
const symbolText = () => z.string().check(z.regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/));

/** GET /quotation/ticker?symbol= */
export const tickerQuerySchema = z.object({ symbol: symbolText() });
export const tickerSchema = z.object({
  symbol: z.string(),
  last: z.string(),
  bid: z.string(),
  ask: z.string(),
  /** ISO time of the answer (the server clock) */
  at: z.string(),
});
export type QuotationTicker = z.infer<typeof tickerSchema>;

/** GET /quotation/market?symbol=&depth= (depth 1-25, default 10) */
export const marketQuerySchema = z.object({
  symbol: symbolText(),
  depth: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(25))),
});
const levelSchema = z.object({ price: z.string(), amount: z.string() });
export const marketSchema = z.object({
  symbol: z.string(),
  last: z.string(),
  /** best first */
  bids: z.array(levelSchema),
  asks: z.array(levelSchema),
  at: z.string(),
});
export type QuotationMarket = z.infer<typeof marketSchema>;

/** Messages of the quotation service's refusals. */
export const QuotationError = {
  unknownSymbol: 'quotation_unknown_symbol',
  unavailable: 'quotation_unavailable',
} as const;
