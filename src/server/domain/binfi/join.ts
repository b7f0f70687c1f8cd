import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type Address,
  formatUnits,
  type Hex,
  parseUnits,
  type PublicClient,
  zeroAddress,
} from 'viem';
import {
  BINFI_HODL_MIN_BCNT,
  type BinfiCheckReferral,
  BinfiError,
  type BinfiJoin,
  type BinfiJoinBody,
  type BinfiSideType,
} from '../../../shared/api/binfi';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import {
  bcntAbi,
  bcntAddress,
  binFiPoolAddress,
  testUsdtAddress,
} from '../../../shared/contracts/generated';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { deployedAddress } from '../../chain/contracts';
import type { Db } from '../../db/database';
import {
  binfiOrders,
  binfiPasses,
  binfiRounds,
  chainEvents,
  linkedWallets,
  members,
} from '../../db/schema';
import { AppError } from '../../errors';
import { hotWalletAccount } from '../wallet/hd';
import { isInvited } from './invite';
import { MAX_UNITS_PER_ORDER, checkJoin } from './reads';
import { REFERRAL_REBATE_BPS } from './terms';

/**
 * What the join flow needs from the server (shared/api/binfi.ts "joining"): the order checked
 * and the pool call to sign (Supply / Take), the referral code mapped to the referrer's wallet,
 * and the HODL pass: the operator's EIP-712 signature of Pass(account, fundId, expiry) after
 * the wallet's BCNT at the round's snapshot block (the block of its FundCreated event) was read
 * once and stored. The pool itself refuses a second HODL order of a wallet in a round, orders
 * past the account cap and above 5 units; the server refuses them first with the spec's words.
 */

export interface BinfiJoinDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'chainId' | 'walletSeed'>;
  chain: PublicClient;
}

const USDT_DECIMALS = 6;
const BCNT_DECIMALS = 18;
const HODL_MIN = parseUnits(BINFI_HODL_MIN_BCNT, BCNT_DECIMALS);
const PASS_NUMBER = { general: 0, hodl: 1, locking: 2 } as const;

const refuse = (message: string, data: unknown = null, status: number = ErrorCode.badRequest) =>
  new AppError(status, message, data);

/** The referrer behind a code: another member with a linked wallet (its oldest). */
export async function referrerOf(
  db: Db,
  memberId: number,
  code: string,
): Promise<{ memberId: number; wallet: Address }> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.referralCode, code.trim().toUpperCase()));
  if (!row || row.id === memberId)
    throw refuse(BinfiError.referralInvalid, { field: 'referralCode' });
  const [wallet] = await db
    .select({ address: linkedWallets.address })
    .from(linkedWallets)
    .where(eq(linkedWallets.memberId, row.id))
    .orderBy(asc(linkedWallets.createdAt), asc(linkedWallets.id))
    .limit(1);
  if (!wallet) throw refuse(BinfiError.referralInvalid, { field: 'referralCode' });
  return { memberId: row.id, wallet: wallet.address.toLowerCase() as Address };
}

/** CheckReferral: the code's referrer wallet for an order in the round. */
export async function checkReferral(
  deps: Pick<BinfiJoinDeps, 'db' | 'config'>,
  memberId: number,
  fundId: number,
  code: string,
): Promise<BinfiCheckReferral> {
  await roundRow(deps.db, deps.config.chainId, fundId);
  const referrer = await referrerOf(deps.db, memberId, code);
  return {
    referralCode: code.trim().toUpperCase(),
    referrer: referrer.wallet,
    rebate: formatUnits(REFERRAL_REBATE_BPS, 2),
  };
}

async function roundRow(db: Db, chainId: number, fundId: number) {
  const [row] = await db
    .select()
    .from(binfiRounds)
    .where(and(eq(binfiRounds.chainId, chainId), eq(binfiRounds.fundId, fundId)));
  if (!row) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
  return row;
}

/** The block of the round's creation (its snapshot block), from the indexed events. */
async function snapshotBlock(db: Db, chainId: number, contract: string, fundId: number) {
  const [row] = await db
    .select({ block: chainEvents.blockNumber })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, chainId),
        eq(chainEvents.contract, contract),
        eq(chainEvents.event, 'FundCreated'),
        sql`${chainEvents.args}->>'fundId' = ${String(fundId)}`,
      ),
    )
    .limit(1);
  return row?.block;
}

/**
 * The wallet's BCNT at the round's snapshot block: read from the chain the first time and
 * stored; every later call answers the stored row (the same tokens moved to another wallet
 * after the snapshot count for neither).
 */
export async function bcntSnapshot(
  deps: BinfiJoinDeps,
  memberId: number,
  fundId: number,
  wallet: string,
): Promise<typeof binfiPasses.$inferSelect> {
  const chainId = deps.config.chainId;
  const key = and(
    eq(binfiPasses.chainId, chainId),
    eq(binfiPasses.fundId, fundId),
    eq(binfiPasses.wallet, wallet),
  );
  const [stored] = await deps.db.select().from(binfiPasses).where(key);
  if (stored) return stored;
  const round = await roundRow(deps.db, chainId, fundId);
  const token = deployedAddress(bcntAddress, chainId);
  const block = await snapshotBlock(deps.db, chainId, round.contract, fundId);
  if (!token || block === undefined)
    throw refuse(BinfiError.snapshotUnavailable, null, ErrorCode.conflict);
  let balance: bigint;
  try {
    balance = (await deps.chain.readContract({
      address: token,
      abi: bcntAbi,
      functionName: 'balanceOf',
      args: [wallet as Address],
      blockNumber: BigInt(block),
    })) as bigint;
  } catch {
    throw refuse(BinfiError.snapshotUnavailable, null, ErrorCode.conflict);
  }
  await deps.db
    .insert(binfiPasses)
    .values({
      chainId,
      fundId,
      wallet,
      memberId,
      snapshotBlock: block,
      bcntBalance: balance.toString(),
      readAt: deps.clock.now(),
    })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(binfiPasses).where(key);
  return row!;
}

/** The operator's EIP-712 pass for (wallet, round, expiry), as the pool's `_checkPass` reads it. */
async function signPass(
  deps: BinfiJoinDeps,
  pool: Address,
  wallet: Address,
  fundId: number,
  expiry: number,
): Promise<Hex> {
  return hotWalletAccount(deps.config.walletSeed).signTypedData({
    domain: {
      name: 'BinFiPool',
      version: '1',
      chainId: deps.config.chainId,
      verifyingContract: pool,
    },
    types: {
      Pass: [
        { name: 'account', type: 'address' },
        { name: 'fundId', type: 'uint256' },
        { name: 'expiry', type: 'uint64' },
      ],
    },
    primaryType: 'Pass',
    message: { account: wallet, fundId: BigInt(fundId), expiry: BigInt(expiry) },
  });
}

/**
 * The pass of an order: the stored one when it was issued before (the same signature, so a
 * retried Supply answers the same call), else signed now with the raise's end as expiry. A
 * HODL pass needs the snapshot balance and is refused once the wallet has a HODL order in the
 * round (the pool's passUsed).
 */
async function passFor(
  deps: BinfiJoinDeps,
  memberId: number,
  round: typeof binfiRounds.$inferSelect,
  wallet: Address,
  hodl: boolean,
): Promise<{ expiry: number; signature: Hex }> {
  const chainId = deps.config.chainId;
  const row = await bcntSnapshot(deps, memberId, round.fundId, wallet);
  if (hodl) {
    const [used] = await deps.db
      .select({ orderId: binfiOrders.orderId })
      .from(binfiOrders)
      .where(
        and(
          eq(binfiOrders.chainId, chainId),
          eq(binfiOrders.fundId, round.fundId),
          eq(binfiOrders.owner, wallet),
          eq(binfiOrders.pass, 'hodl'),
        ),
      )
      .limit(1);
    if (used) throw refuse(BinfiError.passUsed, { field: 'orderType' }, ErrorCode.conflict);
    const balance = BigInt(row.bcntBalance);
    if (balance < HODL_MIN)
      throw refuse(BinfiError.hodlBalanceShort, {
        field: 'orderType',
        required: BINFI_HODL_MIN_BCNT,
        balance: formatUnits(balance, BCNT_DECIMALS),
        snapshotBlock: row.snapshotBlock,
      });
  }
  if (row.signature && row.expiry) {
    return { expiry: Math.floor(row.expiry.getTime() / 1000), signature: row.signature as Hex };
  }
  const expiry = Math.floor(round.raiseEnd.getTime() / 1000);
  const signature = await signPass(deps, round.contract as Address, wallet, round.fundId, expiry);
  await deps.db
    .update(binfiPasses)
    .set({ expiry: new Date(expiry * 1000), signature, issuedAt: deps.clock.now() })
    .where(
      and(
        eq(binfiPasses.chainId, chainId),
        eq(binfiPasses.fundId, round.fundId),
        eq(binfiPasses.wallet, wallet),
      ),
    );
  return { expiry, signature };
}

/** Supply (Rock) or Take (Flame): the order checked, and the pool call the wallet signs. */
export async function prepareJoin(
  deps: BinfiJoinDeps,
  memberId: number,
  type: BinfiSideType,
  body: BinfiJoinBody,
): Promise<BinfiJoin> {
  const chainId = deps.config.chainId;
  const pool = deployedAddress(binFiPoolAddress, chainId);
  const usdt = deployedAddress(testUsdtAddress, chainId);
  const bcnt = deployedAddress(bcntAddress, chainId);
  if (!pool || !usdt || !bcnt) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
  if (body.units > MAX_UNITS_PER_ORDER) throw refuse(BinfiError.unitsMax, { field: 'units' });
  const wallet = body.wallet.toLowerCase() as Address;
  const [linked] = await deps.db
    .select({ id: linkedWallets.id })
    .from(linkedWallets)
    .where(and(eq(linkedWallets.memberId, memberId), eq(linkedWallets.address, wallet)));
  if (!linked) throw refuse(BinfiError.walletNotLinked, { field: 'wallet' });
  const round = await roundRow(deps.db, chainId, body.fundId);
  const join = await checkJoin(
    deps.db,
    chainId,
    deps.clock.now(),
    memberId,
    body.fundId,
    type,
    await isInvited(deps.config, body.fundId, body.invite),
  );
  if (!join.canJoin)
    throw refuse(BinfiError.cannotJoin, { reason: join.reason }, ErrorCode.conflict);
  if (body.units > join.maxUnits)
    throw refuse(BinfiError.unitsOver, { field: 'units', maxUnits: join.maxUnits });
  let referrer: Address | null = null;
  if (body.referralCode) {
    referrer = (await referrerOf(deps.db, memberId, body.referralCode)).wallet;
    if (referrer === wallet) throw refuse(BinfiError.referralInvalid, { field: 'referralCode' });
  }
  const needsPass = body.orderType === 'hodl' || round.isPrivate;
  const pass = needsPass
    ? await passFor(deps, memberId, round, wallet, body.orderType === 'hodl')
    : null;
  const amount = BigInt(round.unitPrice) * BigInt(body.units);
  const lock = body.orderType === 'locking' ? BigInt(round.lockPerUnit) * BigInt(body.units) : 0n;
  return {
    fundId: body.fundId,
    type,
    chainId,
    contract: pool,
    usdt,
    bcnt,
    functionName: type === 'supply' ? 'supply' : 'take',
    args: [
      String(body.fundId),
      String(body.units),
      PASS_NUMBER[body.orderType],
      referrer ?? zeroAddress,
      String(pass?.expiry ?? 0),
      pass?.signature ?? '0x',
    ],
    units: body.units,
    orderType: body.orderType,
    referrer,
    passExpiry: pass ? new Date(pass.expiry * 1000).toISOString() : null,
    amount: formatUnits(amount, USDT_DECIMALS),
    amountAtomic: amount.toString(),
    bcntLock: formatUnits(lock, BCNT_DECIMALS),
    bcntLockAtomic: lock.toString(),
  };
}
