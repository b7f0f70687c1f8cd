import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';
import {
  type DepositAddressChain,
  type LedgerCurrency,
  depositAddresses,
  deposits,
} from '../../db/schema/wallet';
import type { WalletDeps } from '../../plugins/wallet';
import { memberLevel } from '../../../shared/membership/levels';
import {
  DEPOSIT_LIMIT_WINDOW_HOURS,
  DEPOSIT_NETWORK_CHAIN,
  DEPOSIT_NETWORKS,
  type DepositNetworkId,
  LEVEL1_DEPOSIT_LIMIT_USDT,
  evmConfirmationSeconds,
  networkConfirmations,
  RECENT_DEPOSITS,
} from '../../../shared/constants/deposit-rules';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { DepositInfo, DepositLimit } from '../../../shared/api/wallet-deposit';
import { bcntAddress, testUsdcAddress, testUsdtAddress } from '../../../shared/contracts/generated';
import { derivedRoleId } from '../loyalty/member-level';
import { currencyDecimals, toDecimal } from './balances';
import {
  bitcoinDepositAddress,
  bitcoinDepositPath,
  evmDepositAddress,
  evmDepositPath,
  tronDepositAddress,
  tronDepositPath,
} from './hd';
import { postStorePayment } from '../store/payments';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from './ledger';
import { usdtValue } from './price-feed';
import { faultPoint } from '../../faults';

/**
 * Deposits of the custodial wallet. Rules: shared/constants/deposit-rules.ts.
 *
 * - Every member has one `wallet` deposit address per chain family (EVM, Bitcoin, TRON),
 *   derived from WALLET_SEED (hd.ts) and stored in deposit_addresses the first time they are
 *   asked for (`ensureDepositAddresses`, idempotent under concurrency: the address is a pure
 *   function of the member id and the unique indexes make concurrent inserts agree).
 * - A transfer into a deposit address becomes a `deposits` row (status confirming) written by
 *   the EVM deposit watcher (chain/deposit-watcher.ts) or a network adapter (deposit-networks.ts).
 * - `creditDeposit` turns a confirmed row into money, once: ledger `deposit` hot_wallet ->
 *   member available with the idempotency key `deposit:<network>:<txHash>:<logIndex>`; store
 *   addresses: ledger `store_payment` hot_wallet -> platform store, or `store_payment_credited`
 *   to the member's USDT after the order's quote expired or above its maximum (USDT only; any
 *   other token sent to a store address is `held`; store/payments.ts). A deposit of either kind
 *   over the level-1 limit is `held`.
 * - `releaseDeposit` (operator) credits a held deposit.
 */

const HOUR_MS = 3600 * 1000;

/** Token currencies by contract address (lower-case) on the configured chain. */
export function depositTokens(chainId: number): Map<string, LedgerCurrency> {
  const tokens = new Map<string, LedgerCurrency>();
  const add = (addresses: Record<number, string>, currency: LedgerCurrency) => {
    const address = addresses[chainId];
    if (address) tokens.set(address.toLowerCase(), currency);
  };
  add(bcntAddress as Record<number, string>, 'BCNT');
  add(testUsdtAddress as Record<number, string>, 'USDT');
  add(testUsdcAddress as Record<number, string>, 'USDC');
  return tokens;
}

/** The ERC20 contract of a token currency on the chain, or null. */
export function tokenAddressOf(chainId: number, currency: WalletCurrency): string | null {
  for (const [address, token] of depositTokens(chainId)) if (token === currency) return address;
  return null;
}

/** Confirmations a deposit on `network` needs: EVM from the config, TRC20 12, BTC 5. */
export function requiredConfirmations(deps: Pick<WalletDeps, 'config'>, network: DepositNetworkId) {
  return DEPOSIT_NETWORK_CHAIN[network] === 'evm'
    ? deps.config.depositConfirmations
    : networkConfirmations(network).confirmations;
}

export type MemberDepositAddresses = Record<DepositAddressChain, { id: number; address: string }>;

/** The member's wallet deposit addresses, created on first use. */
export async function ensureDepositAddresses(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'config'>,
  memberId: number,
): Promise<MemberDepositAddresses> {
  const read = () =>
    deps.db
      .select({
        id: depositAddresses.id,
        chain: depositAddresses.chain,
        address: depositAddresses.address,
      })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.memberId, memberId), eq(depositAddresses.purpose, 'wallet')));
  let rows = await read();
  if (rows.length < 3) {
    const seed = deps.config.walletSeed;
    const now = deps.clock.now();
    const wanted: { chain: DepositAddressChain; path: string; address: string }[] = [
      { chain: 'evm', path: evmDepositPath(memberId), address: evmDepositAddress(seed, memberId) },
      {
        chain: 'bitcoin',
        path: bitcoinDepositPath(memberId),
        address: bitcoinDepositAddress(seed, memberId),
      },
      {
        chain: 'tron',
        path: tronDepositPath(memberId),
        address: tronDepositAddress(seed, memberId),
      },
    ];
    const missing = wanted.filter((w) => !rows.some((row) => row.chain === w.chain));
    await deps.db
      .insert(depositAddresses)
      .values(
        missing.map((w) => ({
          memberId,
          chain: w.chain,
          purpose: 'wallet' as const,
          derivationPath: w.path,
          address: w.address,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
    rows = await read();
  }
  const byChain = Object.fromEntries(
    rows.map((row) => [row.chain, row]),
  ) as Partial<MemberDepositAddresses>;
  if (!byChain.evm || !byChain.bitcoin || !byChain.tron)
    throw new Error(`deposit addresses of member ${memberId} could not be created`);
  return byChain as MemberDepositAddresses;
}

/** The member level (0-4) the deposit limit follows. */
async function levelOf(deps: Pick<WalletDeps, 'config' | 'clock'>, db: Db, memberId: number) {
  const [member] = await db
    .select({ id: members.id, roleId: members.roleId })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return 0;
  const roleId = await derivedRoleId(
    { db, clock: deps.clock, chainId: deps.config.chainId },
    member,
  );
  return memberLevel(roleId);
}

/** USDT value (6-decimal units) of `units` of a currency at the quotation service's price. */
async function valueInUsdt(
  deps: Pick<WalletDeps, 'prices'>,
  currency: LedgerCurrency,
  units: bigint,
): Promise<bigint> {
  const quote = await deps.prices.quote(currency);
  return usdtValue(units, currencyDecimals(currency), quote.priceUsdt);
}

const USDT_DECIMALS = 6;
const LIMIT_UNITS = parseAmount(LEVEL1_DEPOSIT_LIMIT_USDT, USDT_DECIMALS) as bigint;

/**
 * USDT value of the member's deposits (wallet and store addresses) in the window ending now with
 * the given statuses (rows seen in the window; `excludeId` left out).
 */
async function depositedInWindow(
  deps: Pick<WalletDeps, 'clock' | 'prices'>,
  db: Db,
  memberId: number,
  statuses: ('credited' | 'confirming')[],
  excludeId?: number,
): Promise<bigint> {
  const since = new Date(deps.clock.now().getTime() - DEPOSIT_LIMIT_WINDOW_HOURS * HOUR_MS);
  const rows = await db
    .select({ id: deposits.id, currency: deposits.currency, amount: deposits.amount })
    .from(deposits)
    .innerJoin(depositAddresses, eq(depositAddresses.id, deposits.depositAddressId))
    .where(
      and(
        eq(deposits.memberId, memberId),
        inArray(deposits.status, statuses),
        gte(deposits.seenAt, since),
      ),
    );
  let total = 0n;
  for (const row of rows) {
    if (row.id === excludeId) continue;
    total += await valueInUsdt(deps, row.currency, BigInt(row.amount));
  }
  return total;
}

/** The limit as WalletDepositInfo shows it (credited + confirming of the last 24 hours). */
export async function depositLimit(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'config' | 'prices'>,
  memberId: number,
): Promise<DepositLimit> {
  const level = await levelOf(deps, deps.db, memberId);
  const used = await depositedInWindow(deps, deps.db, memberId, ['credited', 'confirming']);
  const limited = level <= 1;
  const remaining = LIMIT_UNITS > used ? LIMIT_UNITS - used : 0n;
  return {
    memberLevel: level,
    limitUsdt: limited ? formatAtomic(LIMIT_UNITS, USDT_DECIMALS) : null,
    usedUsdt: formatAtomic(used, USDT_DECIMALS),
    remainingUsdt: limited ? formatAtomic(remaining, USDT_DECIMALS) : null,
    windowHours: DEPOSIT_LIMIT_WINDOW_HOURS,
  };
}

export type CreditOutcome = 'credited' | 'held' | 'unchanged';

/**
 * Credit a confirmed deposit (status confirming; with `release`, status held): one database
 * transaction that locks the member (deposit limit decisions of one member never interleave)
 * and the deposit row, decides credit or hold, posts the ledger transaction and marks the row.
 * Safe to call again and from several processes: a row no longer confirming is left alone and
 * the ledger key moves money once.
 */
export async function creditDeposit(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'config' | 'prices'>,
  depositId: number,
  options: { release?: boolean; confirmations?: number } = {},
): Promise<CreditOutcome> {
  return deps.db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [head] = await tx
      .select({ memberId: deposits.memberId })
      .from(deposits)
      .where(eq(deposits.id, depositId));
    if (!head) throw new Error(`no deposit ${depositId}`);
    await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.id, head.memberId))
      .for('update');
    const [row] = await tx
      .select({
        deposit: deposits,
        purpose: depositAddresses.purpose,
        orderId: depositAddresses.orderId,
      })
      .from(deposits)
      .innerJoin(depositAddresses, eq(depositAddresses.id, deposits.depositAddressId))
      .where(eq(deposits.id, depositId))
      .for('update');
    if (!row) return 'unchanged';
    const { deposit } = row;
    const expected = options.release ? 'held' : 'confirming';
    if (deposit.status !== expected) return 'unchanged';
    const units = BigInt(deposit.amount);
    const now = deps.clock.now();
    const key = `deposit:${deposit.network}:${deposit.txHash}:${deposit.logIndex}`;
    const memo = {
      network: deposit.network,
      txHash: deposit.txHash,
      logIndex: deposit.logIndex,
      depositId: deposit.id,
    };
    const confirmations = Math.max(
      options.confirmations ?? deposit.confirmations,
      deposit.confirmations,
    );

    const hold = async () => {
      await tx
        .update(deposits)
        .set({ status: 'held', confirmations })
        .where(eq(deposits.id, deposit.id));
      return 'held' as const;
    };

    let posted;
    // A store order is paid in USDT; anything else sent there waits for support.
    if (row.purpose === 'store' && !options.release) {
      if (deposit.currency !== 'USDT' || row.orderId === null) return hold();
    }
    // The level limits apply to every deposit, store payments included.
    if (!options.release) {
      const level = await levelOf(deps, tx, deposit.memberId);
      if (level === 0) return hold();
      if (level === 1) {
        const credited = await depositedInWindow(
          deps,
          tx,
          deposit.memberId,
          ['credited'],
          deposit.id,
        );
        const value = await valueInUsdt(deps, deposit.currency, units);
        if (credited + value > LIMIT_UNITS) return hold();
      }
    }
    if (row.purpose === 'store' && row.orderId !== null && !options.release) {
      // The order's price holds until its quote expires and up to the order maximum; otherwise
      // the USDT goes to the member's balance (store/payments.ts).
      posted = await postStorePayment(tx, deps.clock, row.orderId, {
        id: deposit.id,
        memberId: deposit.memberId,
        amount: units,
        seenAt: deposit.seenAt,
        key,
        memo,
      });
      if (!posted) return hold();
    } else {
      posted = await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: key,
        type: 'deposit',
        memberId: deposit.memberId,
        reference: deposit.txHash,
        memo: options.release ? { ...memo, released: true } : memo,
        postings: transfer(
          platformAccount('hot_wallet'),
          memberAccount(deposit.memberId),
          deposit.currency,
          units,
        ),
      });
    }
    faultPoint('deposit.credit');
    await tx
      .update(deposits)
      .set({
        status: 'credited',
        confirmations,
        creditedAt: now,
        ledgerTransactionId: posted.transactionId,
      })
      .where(eq(deposits.id, deposit.id));
    return 'credited' as const;
  });
}

/** Operator: credit a held deposit (`deposits release --id N`). */
export async function releaseDeposit(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'config' | 'prices'>,
  depositId: number,
) {
  const [row] = await deps.db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!row) throw new Error(`no deposit ${depositId}`);
  if (row.status !== 'held') throw new Error(`deposit ${depositId} is ${row.status}, not held`);
  const outcome = await creditDeposit(deps, depositId, { release: true });
  return { id: depositId, outcome, ...(await depositView(deps.db, depositId)) };
}

async function depositView(db: Db, depositId: number) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, depositId));
  return row ? describeDeposit(row) : null;
}

/** A deposit row as the operator sees it (decimal amount, ISO times). */
export function describeDeposit(row: typeof deposits.$inferSelect) {
  return {
    id: row.id,
    memberId: row.memberId,
    currency: row.currency,
    network: row.network,
    amount: toDecimal(row.currency, BigInt(row.amount)),
    txHash: row.txHash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber,
    status: row.status,
    confirmations: `${row.confirmations}/${row.requiredConfirmations}`,
    seenAt: row.seenAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
  };
}

/** `GET /api/v1/user/WalletDepositInfo?currency=`. */
export async function depositInfo(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'config' | 'prices'>,
  memberId: number,
  currency: WalletCurrency,
): Promise<DepositInfo> {
  const addresses = await ensureDepositAddresses(deps, memberId);
  const decimals = currencyDecimals(currency);
  const networks = DEPOSIT_NETWORKS[currency].map((network) => {
    const chain = DEPOSIT_NETWORK_CHAIN[network];
    const { label, confirmationMinutes } = networkConfirmations(network);
    const evm = chain === 'evm';
    const confirmations = requiredConfirmations(deps, network);
    return {
      network,
      label,
      address: evm ? getAddress(addresses.evm.address) : addresses[chain].address,
      requiredConfirmations: confirmations,
      confirmationSeconds: evm
        ? evmConfirmationSeconds(
            confirmations,
            deps.config.chainBlockSeconds,
            deps.config.schedulerPollMs,
          )
        : { min: confirmationMinutes.min * 60, max: confirmationMinutes.max * 60 },
      evmChainId: evm ? deps.config.chainId : null,
      tokenAddress: network === 'ERC20' ? tokenAddressOf(deps.config.chainId, currency) : null,
      decimals,
    };
  });
  const rows = await deps.db
    .select({ deposit: deposits })
    .from(deposits)
    .innerJoin(depositAddresses, eq(depositAddresses.id, deposits.depositAddressId))
    .where(
      and(
        eq(deposits.memberId, memberId),
        eq(deposits.currency, currency),
        eq(depositAddresses.purpose, 'wallet'),
      ),
    )
    .orderBy(desc(deposits.seenAt), desc(deposits.id))
    .limit(RECENT_DEPOSITS);
  return {
    currency,
    networks,
    deposits: rows.map(({ deposit }) => ({
      id: deposit.id,
      currency: deposit.currency,
      network: deposit.network as DepositNetworkId,
      amount: toDecimal(deposit.currency, BigInt(deposit.amount)),
      txHash: deposit.txHash,
      status: deposit.status,
      confirmations: Math.min(deposit.confirmations, deposit.requiredConfirmations),
      requiredConfirmations: deposit.requiredConfirmations,
      createdAt: deposit.seenAt.toISOString(),
      creditedAt: deposit.creditedAt?.toISOString() ?? null,
    })),
    limit: await depositLimit(deps, memberId),
  };
}

/** Recent deposits for the operator (`deposits list`), optionally of one member. */
export async function listDeposits(db: Db, options: { memberId?: number; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(deposits)
    .where(options.memberId === undefined ? sql`true` : eq(deposits.memberId, options.memberId))
    .orderBy(desc(deposits.id))
    .limit(options.limit ?? 50);
  return rows.map(describeDeposit);
}
