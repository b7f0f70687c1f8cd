import { createHash } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversionDailyUsage, conversions } from '../../db/schema/convert';
import { AppError, validationError } from '../../errors';
import type { WalletDeps } from '../../plugins/wallet';
import { ErrorCode } from '../../../shared/api/envelope';
import { WalletError } from '../../../shared/api/wallet';
import {
  type BcntQuote,
  type Conversion,
  ConvertError,
  type ConvertBody,
  type ConvertHistory,
  type ConvertHistoryQuery,
  type ConvertInfo,
  type ConvertRules,
} from '../../../shared/api/wallet-convert';
import {
  CONVERT_DIRECTIONS,
  type ConvertCurrency,
  convertDay,
  convertedAmount,
  MEMBER_DAILY_QUOTA_USDT,
  MIN_CONVERSION,
  PLATFORM_DAILY_BCNT_SUPPLY,
} from '../../../shared/constants/convert-rules';
import { parseAmount } from '../../../shared/money/decimal';
import { currencyDecimals, toDecimal } from './balances';
import { withIdempotency } from './idempotency';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from './ledger';
import { PRICE_DECIMALS, type PriceQuote } from './price-feed';

/**
 * Conversion between USDT and BCNT at the quotation service's BCNT price:
 *
 * - the member sends the quote version they saw; another current version refuses with "BCNT
 *   price has been updated. Please send your request again." and the new quote as data;
 * - minimum per direction, the member's daily quota (USDT equivalent) and the platform's daily
 *   BCNT supply (USDT -> BCNT), per conversion day (00:00 UTC+8); see convert-rules.ts;
 * - one ledger `convert` transaction: the from-currency goes from the member's available
 *   account to the platform's conversion book, the to-currency from the book to the member
 *   (the book is a platform account and may go negative in either currency);
 * - the received amount is rounded down (the platform's favour, never more than the price
 *   gives): USDT -> BCNT floor(usdt * 10^30 / price), BCNT -> USDT floor(bcnt * price / 10^30),
 *   with the price at 18 decimals and USDT 6 / BCNT 18 decimals.
 *
 * Check order (the first failing rule answers): pair, decimals, minimum, price version,
 * available balance, platform supply used up, remaining quota.
 */

const PLATFORM_HOLDER = 'platform';
const memberHolder = (memberId: number) => `member:${memberId}`;

/** The wire form of a price quote. */
export function quoteView(quote: PriceQuote): BcntQuote {
  return { price: quote.priceUsdt, version: quote.version, quotedAt: quote.quotedAt.toISOString() };
}

function priceUnits(quote: PriceQuote): bigint {
  const price = parseAmount(quote.priceUsdt, PRICE_DECIMALS);
  if (price === null || price <= 0n) throw new Error(`bad BCNT price ${quote.priceUsdt}`);
  return price;
}

const units = (currency: ConvertCurrency, text: string) => {
  const value = parseAmount(text, currencyDecimals(currency));
  if (value === null) throw new Error(`bad constant ${text}`);
  return value;
};
const MEMBER_QUOTA = units('USDT', MEMBER_DAILY_QUOTA_USDT);
const PLATFORM_SUPPLY = units('BCNT', PLATFORM_DAILY_BCNT_SUPPLY);
const MINIMUM = {
  USDT: units('USDT', MIN_CONVERSION.USDT),
  BCNT: units('BCNT', MIN_CONVERSION.BCNT),
};

async function usage(db: Db, day: string, holder: string) {
  const [row] = await db
    .select()
    .from(conversionDailyUsage)
    .where(and(eq(conversionDailyUsage.day, day), eq(conversionDailyUsage.holder, holder)));
  return { usdtValue: BigInt(row?.usdtValue ?? '0'), bcntOut: BigInt(row?.bcntOut ?? '0') };
}

const clampZero = (value: bigint) => (value < 0n ? 0n : value);

/** GET /api/v1/common/convertCurrency/bcnt: the quote and the day's rules (no member data). */
export async function convertRules(deps: WalletDeps): Promise<ConvertRules> {
  const now = deps.clock.now();
  const { day, resetsAt } = convertDay(now);
  const [quote, platform] = await Promise.all([
    deps.prices.quote('BCNT'),
    usage(deps.db, day, PLATFORM_HOLDER),
  ]);
  return {
    quote: quoteView(quote),
    pairs: CONVERT_DIRECTIONS.map(({ from, to }) => ({ from, to, minimum: MIN_CONVERSION[from] })),
    memberDailyQuotaUsdt: MEMBER_DAILY_QUOTA_USDT,
    platformDailySupply: PLATFORM_DAILY_BCNT_SUPPLY,
    platformRemaining: toDecimal('BCNT', clampZero(PLATFORM_SUPPLY - platform.bcntOut)),
    day,
    resetsAt: resetsAt.toISOString(),
  };
}

/** GET /api/v1/user/ConvertInfo: the rules plus the member's quota left and balances. */
export async function convertInfo(deps: WalletDeps, memberId: number): Promise<ConvertInfo> {
  const rules = await convertRules(deps);
  const [mine, usdt, bcnt] = await Promise.all([
    usage(deps.db, rules.day, memberHolder(memberId)),
    accountBalance(deps.db, memberAccount(memberId), 'USDT'),
    accountBalance(deps.db, memberAccount(memberId), 'BCNT'),
  ]);
  return {
    ...rules,
    memberRemainingUsdt: toDecimal('USDT', clampZero(MEMBER_QUOTA - mine.usdtValue)),
    available: { USDT: toDecimal('USDT', usdt), BCNT: toDecimal('BCNT', bcnt) },
  };
}

function conversionView(row: typeof conversions.$inferSelect): Conversion {
  return {
    id: row.id,
    from: row.fromCurrency,
    to: row.toCurrency,
    fromAmount: toDecimal(row.fromCurrency, BigInt(row.fromAmount)),
    toAmount: toDecimal(row.toCurrency, BigInt(row.toAmount)),
    price: row.price,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Lock (and create when missing) the day's counter of `holder`, then read it. */
async function lockUsage(tx: Db, day: string, holder: string) {
  await tx.insert(conversionDailyUsage).values({ day, holder }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(conversionDailyUsage)
    .where(and(eq(conversionDailyUsage.day, day), eq(conversionDailyUsage.holder, holder)))
    .for('update');
  if (!row) throw new Error('conversion usage row vanished');
  return { usdtValue: BigInt(row.usdtValue), bcntOut: BigInt(row.bcntOut) };
}

async function addUsage(
  tx: Db,
  day: string,
  holder: string,
  add: { usdtValue: bigint; bcntOut: bigint },
) {
  await tx
    .update(conversionDailyUsage)
    .set({
      usdtValue: sql`${conversionDailyUsage.usdtValue} + ${add.usdtValue.toString()}::numeric`,
      bcntOut: sql`${conversionDailyUsage.bcntOut} + ${add.bcntOut.toString()}::numeric`,
    })
    .where(and(eq(conversionDailyUsage.day, day), eq(conversionDailyUsage.holder, holder)));
}

/**
 * POST /api/v1/user/ConvertCurrency, idempotent per `key` (scope `convert`). Refusals roll
 * everything back (nothing is stored for the key, so the member may resend with it).
 */
export async function convertCurrency(
  deps: WalletDeps,
  memberId: number,
  key: string,
  body: ConvertBody,
): Promise<Conversion> {
  const direction = CONVERT_DIRECTIONS.find((d) => d.from === body.from && d.to === body.to);
  if (!direction) throw new AppError(ErrorCode.badRequest, ConvertError.unsupportedPair);
  const from = direction.from;
  const to = direction.to;
  const amount = parseAmount(body.amount, currencyDecimals(from));
  if (amount === null)
    throw validationError([{ field: 'amount', message: ConvertError.tooManyDecimals }]);

  // Quoted before the transaction: the feed reads through its own connection (PGlite runs one
  // transaction at a time). The conversion uses exactly the price it checked the version of.
  const quote = await deps.prices.quote('BCNT');
  return withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'convert', key, request: body },
    async (tx) => {
      if (amount < MINIMUM[from]) {
        throw new AppError(ErrorCode.badRequest, ConvertError.belowMinimum, {
          currency: from,
          minimum: MIN_CONVERSION[from],
        });
      }
      if (quote.version !== body.priceVersion) {
        throw new AppError(ErrorCode.conflict, ConvertError.priceUpdated, quoteView(quote));
      }
      const price = priceUnits(quote);
      const received = convertedAmount(from, amount, price);
      if (received <= 0n) throw new AppError(ErrorCode.badRequest, ConvertError.nothingToReceive);
      const usdtValue = from === 'USDT' ? amount : received;
      const bcntOut = to === 'BCNT' ? received : 0n;

      if ((await accountBalance(tx, memberAccount(memberId), from)) < amount) {
        throw new AppError(ErrorCode.badRequest, WalletError.insufficientBalance);
      }

      const now = deps.clock.now();
      const { day } = convertDay(now);
      // Lock order: platform, then member (every conversion takes them in this order).
      const platform = await lockUsage(tx, day, PLATFORM_HOLDER);
      const mine = await lockUsage(tx, day, memberHolder(memberId));
      if (bcntOut > 0n) {
        const left = PLATFORM_SUPPLY - platform.bcntOut;
        if (left <= 0n) throw new AppError(ErrorCode.badRequest, ConvertError.allConverted);
        if (bcntOut > left)
          throw new AppError(ErrorCode.badRequest, ConvertError.quotaInsufficient, {
            platformRemaining: toDecimal('BCNT', left),
          });
      }
      const memberLeft = clampZero(MEMBER_QUOTA - mine.usdtValue);
      if (usdtValue > memberLeft) {
        throw new AppError(ErrorCode.badRequest, ConvertError.quotaInsufficient, {
          memberRemainingUsdt: toDecimal('USDT', memberLeft),
        });
      }
      await addUsage(tx, day, PLATFORM_HOLDER, { usdtValue, bcntOut });
      await addUsage(tx, day, memberHolder(memberId), { usdtValue, bcntOut });

      let posted;
      try {
        posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `convert:${memberId}:${key}`,
          type: 'convert',
          memberId,
          // the key can be 100 characters, the reference column holds 100: a digest of it
          reference: `convert:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
          memo: { from, to, price: quote.priceUsdt, priceVersion: quote.version },
          postings: [
            ...transfer(memberAccount(memberId), platformAccount('conversion'), from, amount),
            ...transfer(platformAccount('conversion'), memberAccount(memberId), to, received),
          ],
        });
      } catch (error) {
        if (error instanceof InsufficientBalance)
          throw new AppError(ErrorCode.badRequest, WalletError.insufficientBalance);
        throw error;
      }
      const [row] = await tx
        .insert(conversions)
        .values({
          memberId,
          fromCurrency: from,
          toCurrency: to,
          fromAmount: amount.toString(),
          toAmount: received.toString(),
          price: quote.priceUsdt,
          priceVersion: quote.version,
          usdtValue: usdtValue.toString(),
          day,
          ledgerTransactionId: posted.transactionId,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('conversion not written');
      return conversionView(row);
    },
  );
}

/** GET /api/v1/user/ConvertHistory: the member's conversions, newest first. */
export async function convertHistory(
  db: Db,
  memberId: number,
  query: ConvertHistoryQuery,
): Promise<ConvertHistory> {
  const where = eq(conversions.memberId, memberId);
  const [total] = await db.select({ n: count() }).from(conversions).where(where);
  const rows = await db
    .select()
    .from(conversions)
    .where(where)
    .orderBy(desc(conversions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(conversionView),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
