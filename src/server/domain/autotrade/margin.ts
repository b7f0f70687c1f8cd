import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import {
  BaseError,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  HttpRequestError,
  http,
  keccak256,
  type PublicClient,
  TimeoutError,
} from 'viem';
import { marginVaultAbi, marginVaultAddress } from '../../../shared/contracts/generated';
import { ErrorCode } from '../../../shared/api/envelope';
import { AutotradeSubscriptionError } from '../../../shared/api/autotrade-subscriptions';
import type { Locale } from '../../../shared/constants/locales';
import { LOCALES } from '../../../shared/constants/locales';
import { deployedAddress } from '../../chain/contracts';
import { withHotWalletNonce } from '../../chain/hot-wallet-nonce';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import {
  autotradeMarginStates,
  autotradeNotices,
  autotradeOperatorTxs,
  autotradeStrategies,
  autotradeSubscriptions,
  members,
} from '../../db/schema';
import type { AutotradeMarginCurrency } from '../../db/schema/autotrade';
import type { AutotradeNoticeKind } from '../../db/schema/autotrade-margin';
import { AppError } from '../../errors';
import { type ExchangeAdapter, ExchangeFailure } from '../../exchange/adapter';
import { loadBook, openSubscriptionBook, subscriptionEquity as bookEquity } from './book';
import { deriveAuthKeys } from '../auth/crypto';
import type { Outbox } from '../auth/outbox';
import { hotWalletAccount } from '../wallet/hd';
import type { PriceFeed } from '../wallet/price-feed';
import { evmTokenAddress } from '../wallet/withdrawal-payouts';
import { type MailKind, mailText } from './subscriptions-views';

/**
 * Smart Autotrade margins: the deps every part uses, the subscription's equity as this module
 * reads it, the margin state (required stake, low-margin flag), the e-mails, and the operator's
 * MarginVault transactions (settle / release) for on-chain margins.
 *
 * Operator transactions (table autotrade_operator_txs), the withdrawal queue's model: a row is
 * written `prepared` in the same database transaction as what it pays (a fee settlement, the
 * end of a subscription), unique per purpose. `processOperatorTxs` (both autotrade jobs run it)
 * signs it with the operator account (the hot wallet: account 0 on the local chain, which the
 * deploy script makes MarginVault's operator), its nonce from the hot wallet's nonce lock shared
 * with every other hot wallet sender (chain/hot-wallet-nonce.ts), and stores the signed
 * transaction and its hash BEFORE sending (`signed`, in the lock's database transaction), sends it (`broadcast`), and confirms it when its receipt has
 * CHAIN_CONFIRMATIONS (or the indexer saw its Settled / Released: chain/decoders/margin-vault.ts).
 * A restart sends the same signed transaction again, never a second one; a transaction the node
 * refused and does not know, or one that reverted, is signed afresh (`attempts`) at most
 * OPERATOR_TX_MAX_ATTEMPTS times, then stays `failed` with its reason for an operator.
 */

export interface AutotradeDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'chainId' | 'rpcUrl' | 'walletSeed' | 'appOrigin' | 'chainConfirmations'>;
  chain: PublicClient;
  prices: PriceFeed;
  exchange: ExchangeAdapter;
  /** the data-at-rest key that opens members' API secrets */
  dataKey: Buffer;
  outbox: Outbox;
  log: { warn(obj: object, msg?: string): void };
}

/** The deps from the wallet's (jobs, routes) plus the outbox. */
export function autotradeDepsOf(
  wallet: {
    db: Db;
    clock: Clock;
    config: AppConfig;
    chain: PublicClient;
    prices: PriceFeed;
    exchange: ExchangeAdapter;
    log: { warn(obj: object, msg?: string): void };
  },
  outbox: Outbox,
): AutotradeDeps {
  return {
    db: wallet.db,
    clock: wallet.clock,
    config: wallet.config,
    chain: wallet.chain,
    prices: wallet.prices,
    exchange: wallet.exchange,
    dataKey: deriveAuthKeys(wallet.config).data,
    outbox,
    log: wallet.log,
  };
}

export type SubscriptionRow = typeof autotradeSubscriptions.$inferSelect;
export type StrategyRow = typeof autotradeStrategies.$inferSelect;
export type MarginStateRow = typeof autotradeMarginStates.$inferSelect;

/** Decimals of the margin tokens (custodial and on chain alike). */
export const MARGIN_DECIMALS: Record<AutotradeMarginCurrency, number> = { BCNT: 18, USDT: 6 };
/** the low-margin warning: below 30 % of the required stake (spec section 9) */
export const MARGIN_WARNING_BPS = 3_000;
/** the BCNT margin's fee discount (spec section 1: 20 % less than with USDT) */
export const BCNT_DISCOUNT_BPS = 2_000;
/** a pending on-chain margin not deposited within this time is cancelled */
export const PENDING_MARGIN_TIMEOUT_MS = 24 * 3600 * 1000;
export const OPERATOR_TX_MAX_ATTEMPTS = 5;

export const LIVE_STATES = ['pending_margin', 'active', 'paused'] as const;
export const RUNNING_STATES = ['active', 'paused'] as const;

export const quoteOf = (strategy: Pick<StrategyRow, 'symbol'>) =>
  strategy.symbol.split('/')[1] ?? 'USDT';

export function discountBpsOf(currency: AutotradeMarginCurrency): number {
  return currency === 'BCNT' ? BCNT_DISCOUNT_BPS : 0;
}

/** `true` when the margin is below 30 % of the required stake. */
export function isMarginLow(margin: bigint, required: bigint): boolean {
  return margin * 10_000n < required * BigInt(MARGIN_WARNING_BPS);
}

export async function loadSubscription(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(autotradeSubscriptions)
    .where(eq(autotradeSubscriptions.id, id));
  return row;
}

export async function loadStrategy(db: Db, id: number): Promise<StrategyRow | undefined> {
  const [row] = await db.select().from(autotradeStrategies).where(eq(autotradeStrategies.id, id));
  return row;
}

export async function marginStateOf(db: Db, subscriptionId: number): Promise<MarginStateRow> {
  const [row] = await db
    .select()
    .from(autotradeMarginStates)
    .where(eq(autotradeMarginStates.subscriptionId, subscriptionId));
  if (!row) throw new Error(`autotrade subscription ${subscriptionId}: no margin state`);
  return row;
}

// ---- equity ------------------------------------------------------------------------------------

/**
 * The subscription's equity (1e-8 quote units): its book as the executor keeps it (cash +
 * position x the last price, book.ts). A running subscription whose book is not open yet (a
 * restart between the activation and the book) gets it opened first. Throws ExchangeFailure
 * when the market cannot be read (the caller retries later).
 */
export async function subscriptionEquity(
  deps: AutotradeDeps,
  sub: SubscriptionRow,
): Promise<bigint> {
  if (RUNNING_STATES.includes(sub.state as (typeof RUNNING_STATES)[number])) {
    if (!(await loadBook(deps.db, sub.id))) await openSubscriptionBook(deps, sub.id);
  }
  return bookEquity(deps.db, deps.exchange, sub.id);
}

/** The equity, or an `exchange_unavailable` refusal for a member's call. */
export async function equityForCall(deps: AutotradeDeps, sub: SubscriptionRow): Promise<bigint> {
  if (!RUNNING_STATES.includes(sub.state as (typeof RUNNING_STATES)[number])) {
    return BigInt(sub.highWaterMark);
  }
  try {
    return await subscriptionEquity(deps, sub);
  } catch (error) {
    if (error instanceof ExchangeFailure) {
      throw new AppError(
        ErrorCode.internal,
        AutotradeSubscriptionError.exchangeUnavailable,
        null,
        502,
      );
    }
    throw error;
  }
}

// ---- prices ------------------------------------------------------------------------------------

/** The margin currency's USDT price, 18 decimals (USDT: exactly 1). */
export async function marginPrice(
  deps: Pick<AutotradeDeps, 'prices'>,
  currency: AutotradeMarginCurrency,
) {
  const quote = await deps.prices.quote(currency);
  const [whole, fraction = ''] = quote.priceUsdt.split('.');
  const price =
    BigInt(whole ?? '0') * 10n ** 18n + BigInt((fraction + '0'.repeat(18)).slice(0, 18));
  if (price <= 0n) throw new Error(`no ${currency} price`);
  return price;
}

// ---- e-mails -----------------------------------------------------------------------------------

/**
 * Send one e-mail about a subscription at most once per (kind, episode): the notice row is
 * claimed first (unique), then the message goes to the outbox in the member's language.
 */
export async function notifyOnce(
  deps: Pick<AutotradeDeps, 'db' | 'clock' | 'outbox' | 'config'>,
  sub: Pick<SubscriptionRow, 'id' | 'memberId' | 'strategyId'>,
  kind: AutotradeNoticeKind & MailKind,
  episode: string,
  details: Record<string, string>,
): Promise<boolean> {
  const [claimed] = await deps.db
    .insert(autotradeNotices)
    .values({ subscriptionId: sub.id, kind, episode, details, sentAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: autotradeNotices.id });
  if (!claimed) return false;
  const [member] = await deps.db
    .select({ email: members.email, language: members.language })
    .from(members)
    .where(eq(members.id, sub.memberId));
  if (!member) return false;
  const locale: Locale = (LOCALES as readonly string[]).includes(member.language ?? '')
    ? (member.language as Locale)
    : 'en-US';
  // MyStrategiesDetail: the subscription's own page (its id, not the strategy's)
  const link = `${deps.config.appOrigin}/portfolio/autotrade/${sub.id}`;
  const { subject, body } = mailText(kind, locale, { ...details, link });
  await deps.outbox.send({ channel: 'email', to: member.email, subject, body, link });
  return true;
}

// ---- MarginVault -------------------------------------------------------------------------------

export function vaultAddress(chainId: number) {
  return deployedAddress(marginVaultAddress, chainId);
}

export function marginTokenAddress(chainId: number, currency: AutotradeMarginCurrency) {
  const address = evmTokenAddress(chainId, currency);
  return address ? (address.toLowerCase() as Hex) : undefined;
}

export interface OperatorTxRequest {
  /** the subscription it ends or charges; null for an unmatched deposit given back */
  subscriptionId: number | null;
  purpose: string;
  chainId: number;
  member: string;
  currency: AutotradeMarginCurrency;
  /** settle: margin taken out of the vault (fee included); release: margin returned */
  amount: bigint;
  /** settle only: the part of `amount` that goes to the treasury */
  performanceFee: bigint;
}

/**
 * Write the operator's transaction (inside the caller's transaction): `settle` when a fee is
 * taken, `release` when only margin is returned. Answers its id (an existing row for the same
 * purpose is kept: written once).
 */
export async function queueOperatorTx(tx: Db, clock: Clock, request: OperatorTxRequest) {
  const vault = vaultAddress(request.chainId);
  const token = marginTokenAddress(request.chainId, request.currency);
  if (!vault || !token)
    throw new Error(`no MarginVault or ${request.currency} on ${request.chainId}`);
  const now = clock.now();
  const kind = request.performanceFee > 0n ? 'settle' : 'release';
  await tx
    .insert(autotradeOperatorTxs)
    .values({
      subscriptionId: request.subscriptionId,
      purpose: request.purpose,
      kind,
      chainId: request.chainId,
      vault,
      member: request.member.toLowerCase(),
      token,
      amount: request.amount.toString(),
      performanceFee: request.performanceFee.toString(),
      state: 'prepared',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: autotradeOperatorTxs.id })
    .from(autotradeOperatorTxs)
    .where(eq(autotradeOperatorTxs.purpose, request.purpose));
  if (!row) throw new Error('operator transaction not written');
  return row.id;
}

type OperatorTxRow = typeof autotradeOperatorTxs.$inferSelect;

function reasonOf(error: unknown): string {
  const message =
    error instanceof BaseError ? error.shortMessage : (error as Error)?.message || String(error);
  return message.slice(0, 300);
}

function isTransportError(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError))
  );
}

async function setTx(
  db: Db,
  id: number,
  from: OperatorTxRow['state'][],
  set: Partial<OperatorTxRow>,
) {
  const [row] = await db
    .update(autotradeOperatorTxs)
    .set(set)
    .where(and(eq(autotradeOperatorTxs.id, id), inArray(autotradeOperatorTxs.state, from)))
    .returning();
  return row;
}

async function prepareOperatorTx(deps: AutotradeDeps, row: OperatorTxRow) {
  const account = hotWalletAccount(deps.config.walletSeed);
  const chain = defineChain({
    id: deps.config.chainId,
    name: `evm-${deps.config.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [deps.config.rpcUrl] } },
  });
  const client = createWalletClient({
    account,
    chain,
    transport: http(deps.config.rpcUrl, { timeout: 10_000, retryCount: 0 }),
  });
  const data =
    row.kind === 'settle'
      ? encodeFunctionData({
          abi: marginVaultAbi,
          functionName: 'settle',
          args: [
            row.member as Hex,
            row.token as Hex,
            BigInt(row.amount),
            BigInt(row.performanceFee),
          ],
        })
      : encodeFunctionData({
          abi: marginVaultAbi,
          functionName: 'release',
          args: [row.member as Hex, row.token as Hex, BigInt(row.amount)],
        });
  // gas and fees only: the nonce is allocated under the hot wallet's lock when it is signed
  const prepared = await client.prepareTransactionRequest({
    to: row.vault as Hex,
    data,
    account,
    chain,
    parameters: ['fees', 'gas', 'chainId', 'type'],
  });
  return { account, client, prepared };
}

export interface OperatorTxReport {
  signed: number;
  broadcast: number;
  confirmed: number;
  failed: number;
  waiting: number;
}

/** Mark confirmed (the indexer saw the vault's event for this hash, or the receipt is deep enough). */
export async function confirmOperatorTx(db: Db, txHash: string, at: Date) {
  const [row] = await db
    .update(autotradeOperatorTxs)
    .set({ state: 'confirmed', confirmedAt: at, updatedAt: at })
    .where(
      and(
        eq(autotradeOperatorTxs.txHash, txHash.toLowerCase()),
        inArray(autotradeOperatorTxs.state, ['signed', 'broadcast']),
      ),
    )
    .returning();
  return row;
}

/** Sign, send and confirm the operator's pending transactions (see the module comment). */
export async function processOperatorTxs(deps: AutotradeDeps): Promise<OperatorTxReport> {
  const report: OperatorTxReport = { signed: 0, broadcast: 0, confirmed: 0, failed: 0, waiting: 0 };
  const now = deps.clock.now();
  // a failed one is signed afresh while it has attempts left
  await deps.db
    .update(autotradeOperatorTxs)
    .set({ state: 'prepared', signedTx: null, txHash: null, nonce: null, updatedAt: now })
    .where(
      and(
        eq(autotradeOperatorTxs.state, 'failed'),
        lt(autotradeOperatorTxs.attempts, OPERATOR_TX_MAX_ATTEMPTS),
        eq(autotradeOperatorTxs.chainId, deps.config.chainId),
      ),
    );
  const rows = await deps.db
    .select()
    .from(autotradeOperatorTxs)
    .where(
      and(
        eq(autotradeOperatorTxs.chainId, deps.config.chainId),
        or(
          eq(autotradeOperatorTxs.state, 'prepared'),
          eq(autotradeOperatorTxs.state, 'signed'),
          eq(autotradeOperatorTxs.state, 'broadcast'),
        ),
      ),
    )
    .orderBy(asc(autotradeOperatorTxs.id))
    .limit(50);
  let head: bigint | undefined;
  for (let row of rows) {
    try {
      if (row.state === 'prepared') {
        let stored: OperatorTxRow | undefined;
        try {
          const { account, client, prepared } = await prepareOperatorTx(deps, row);
          const current = row;
          stored = await withHotWalletNonce(deps, account.address, async (tx, nonce) => {
            const signed = await client.signTransaction({ ...prepared, nonce });
            return setTx(tx, current.id, ['prepared'], {
              state: 'signed',
              nonce,
              signedTx: signed,
              txHash: keccak256(signed).toLowerCase(),
              attempts: current.attempts + 1,
              updatedAt: deps.clock.now(),
            });
          });
        } catch (error) {
          // nothing was sent (a revert at estimation, no node): try again next run
          await setTx(deps.db, row.id, ['prepared'], {
            attempts: row.attempts + 1,
            lastError: reasonOf(error),
            state: row.attempts + 1 >= OPERATOR_TX_MAX_ATTEMPTS ? 'failed' : 'prepared',
            updatedAt: deps.clock.now(),
          });
          report.failed += 1;
          continue;
        }
        if (!stored) continue;
        row = stored;
        report.signed += 1;
      }
      if (row.state === 'signed') {
        try {
          await deps.chain.sendRawTransaction({ serializedTransaction: row.signedTx as Hex });
        } catch (error) {
          if (isTransportError(error)) {
            report.waiting += 1;
            continue;
          }
          const known = await deps.chain
            .getTransaction({ hash: row.txHash as Hex })
            .then(() => true)
            .catch(() => false);
          if (!known) {
            await setTx(deps.db, row.id, ['signed'], {
              state: 'failed',
              lastError: reasonOf(error),
              updatedAt: deps.clock.now(),
            });
            report.failed += 1;
            continue;
          }
        }
        const sent = await setTx(deps.db, row.id, ['signed'], {
          state: 'broadcast',
          updatedAt: deps.clock.now(),
        });
        if (!sent) continue;
        row = sent;
        report.broadcast += 1;
      }
      const receipt = await deps.chain
        .getTransactionReceipt({ hash: row.txHash as Hex })
        .catch((error: unknown) => {
          if (isTransportError(error)) throw error;
          return null;
        });
      if (!receipt) {
        const known = await deps.chain
          .getTransaction({ hash: row.txHash as Hex })
          .then(() => true)
          .catch(() => false);
        if (!known && row.signedTx) {
          await deps.chain
            .sendRawTransaction({ serializedTransaction: row.signedTx as Hex })
            .catch(() => undefined);
        }
        report.waiting += 1;
        continue;
      }
      if (receipt.status === 'reverted') {
        await setTx(deps.db, row.id, ['broadcast', 'signed'], {
          state: 'failed',
          lastError: 'reverted on chain',
          updatedAt: deps.clock.now(),
        });
        report.failed += 1;
        continue;
      }
      head ??= await deps.chain.getBlockNumber();
      if (Number(head - receipt.blockNumber + 1n) >= deps.config.chainConfirmations) {
        if (await confirmOperatorTx(deps.db, row.txHash as string, deps.clock.now())) {
          report.confirmed += 1;
        }
      } else report.waiting += 1;
    } catch (error) {
      deps.log.warn({ operatorTx: row.id, err: reasonOf(error) }, 'autotrade: operator tx');
      report.waiting += 1;
    }
  }
  return report;
}
