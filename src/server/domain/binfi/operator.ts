import { and, asc, eq, gt, lt } from 'drizzle-orm';
import {
  type Abi,
  type Address,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type EncodeFunctionDataParameters,
  type Hash,
  http,
  parseUnits,
  type PublicClient,
} from 'viem';
import {
  binFiPoolAbi,
  binFiPoolAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../../shared/contracts/generated';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { deployedAddress } from '../../chain/contracts';
import { withHotWalletNonce } from '../../chain/hot-wallet-nonce';
import type { Db } from '../../db/database';
import { binfiOrders, binfiPeriods, binfiRounds } from '../../db/schema';
import { hotWalletAccount } from '../wallet/hd';
import { DEFAULT_TERMS, type RoundTerms, saveRoundTerms } from './terms';

/**
 * The operator's side of BinFiPool, sent from the hot wallet (account 0 locally, which holds
 * OPERATOR_ROLE): the `npm run ops -- binfi ...` commands and the `binfi-rounds` job. Every
 * call is simulated first and checked against the pool's own state, and the contract refuses a
 * repeat (a round matched twice, a month funded twice, a paid order paid again, a redemption
 * out of queue order), so a retried or restarted job never does anything twice. Amounts in
 * and out are USDT atomic units; rates per unit are WAD-scaled (1e18) as on chain.
 */

export const BINFI_ROUNDS_TASK = 'binfi-rounds';
const WAD = 10n ** 18n;
const USDT_DECIMALS = 6;
const DAY_MS = 24 * 3600 * 1000;
/** orders per payout call (the contract's MAX_BATCH) */
const BATCH = 100;
/** the refund of the unmatched part goes out the day after the match */
const REFUND_DELAY_MS = DAY_MS;

export interface BinfiOperatorDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'chainId' | 'rpcUrl' | 'walletSeed'>;
  chain: PublicClient;
}

const STATUS = [
  'none',
  'raising',
  'matched',
  'unmatched',
  'running',
  'stopped_out',
  'matured',
  'settled',
] as const;

function poolAddress(deps: BinfiOperatorDeps): Address {
  const address = deployedAddress(binFiPoolAddress, deps.config.chainId);
  if (!address) throw new Error(`BinFiPool is not deployed on chain ${deps.config.chainId}`);
  return address;
}

/** Simulates, sends from the hot wallet and waits for the receipt of one call. */
async function send(
  deps: BinfiOperatorDeps,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
): Promise<Hash> {
  const account = hotWalletAccount(deps.config.walletSeed);
  const chain = defineChain({
    id: deps.config.chainId,
    name: `evm-${deps.config.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [deps.config.rpcUrl] } },
  });
  await deps.chain.simulateContract({
    address: to,
    abi,
    functionName,
    args,
    account,
  } as Parameters<PublicClient['simulateContract']>[0]);
  const client = createWalletClient({ account, chain, transport: http(deps.config.rpcUrl) });
  const prepared = await client.prepareTransactionRequest({
    to,
    data: encodeFunctionData({ abi, functionName, args } as EncodeFunctionDataParameters),
    account,
    chain,
    parameters: ['fees', 'gas', 'chainId', 'type'],
  });
  // the nonce from the hot wallet's lock (shared with withdrawals and MarginVault operator
  // transactions); sent before the lock is released, so the next allocation sees it as pending
  const hash = await withHotWalletNonce(deps, account.address, async (_tx, nonce) => {
    const signed = await client.signTransaction({ ...prepared, nonce });
    return deps.chain.sendRawTransaction({ serializedTransaction: signed });
  });
  const receipt = await deps.chain.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted (tx ${hash})`);
  return hash;
}

export const callPool = (deps: BinfiOperatorDeps, functionName: string, args: readonly unknown[]) =>
  send(deps, poolAddress(deps), binFiPoolAbi as Abi, functionName, args);

/** Lets the pool pull `amount` USDT from the hot wallet for the next call. */
async function approveUsdt(deps: BinfiOperatorDeps, amount: bigint): Promise<void> {
  const token = deployedAddress(testUsdtAddress, deps.config.chainId);
  if (!token) throw new Error('no USDT on this chain');
  await send(deps, token, testUsdtAbi as Abi, 'approve', [poolAddress(deps), amount]);
}

interface ChainFund {
  status: (typeof STATUS)[number];
  matchedRock: bigint;
  matchedFlame: bigint;
  redeemedRock: bigint;
}

export async function fundOnChain(deps: BinfiOperatorDeps, fundId: number): Promise<ChainFund> {
  const fund = (await deps.chain.readContract({
    address: poolAddress(deps),
    abi: binFiPoolAbi,
    functionName: 'getFund',
    args: [BigInt(fundId)],
  })) as { status: number; matchedRock: bigint; matchedFlame: bigint; redeemedRock: bigint };
  return {
    status: STATUS[fund.status]!,
    matchedRock: fund.matchedRock,
    matchedFlame: fund.matchedFlame,
    redeemedRock: fund.redeemedRock,
  };
}

async function periodCount(deps: BinfiOperatorDeps, fundId: number): Promise<number> {
  return Number(
    await deps.chain.readContract({
      address: poolAddress(deps),
      abi: binFiPoolAbi,
      functionName: 'periodCount',
      args: [BigInt(fundId)],
    }),
  );
}

/** USDT per unit (a decimal string, e.g. "101.5") as a WAD-scaled rate. */
export function rateOf(perUnit: string): bigint {
  return parseUnits(perUnit, USDT_DECIMALS) * WAD;
}

export interface CreateRoundInput {
  /** USDT per unit, e.g. "100" */
  unitPrice: string;
  /** Flame units on offer */
  capacity: number;
  rockPerFlame: number;
  accountCap: number;
  /** BCNT per unit for the locking pass, e.g. "1000" */
  lockPerUnit: string;
  raiseStart: Date;
  raiseEnd: Date;
  /** 6 (BinFi) or 3 (Galaxy) */
  months: number;
  isPrivate: boolean;
  /** the off-chain product fields (terms.ts DEFAULT_TERMS when absent) */
  terms?: Partial<RoundTerms>;
}

const MONTH_SECONDS = (365 * 24 * 3600) / 12;

/** Creates a round; answers its id (read after the receipt). */
export async function createRound(
  deps: BinfiOperatorDeps,
  input: CreateRoundInput,
): Promise<{ fundId: number; txHash: Hash }> {
  const txHash = await callPool(deps, 'createFund', [
    {
      unitPrice: parseUnits(input.unitPrice, USDT_DECIMALS),
      capacity: BigInt(input.capacity),
      rockPerFlame: BigInt(input.rockPerFlame),
      accountCap: BigInt(input.accountCap),
      lockPerUnit: parseUnits(input.lockPerUnit, 18),
      raiseStart: BigInt(Math.floor(input.raiseStart.getTime() / 1000)),
      raiseEnd: BigInt(Math.floor(input.raiseEnd.getTime() / 1000)),
      term: BigInt(Math.round(input.months * MONTH_SECONDS)),
      isPrivate: input.isPrivate,
    },
  ]);
  const fundId = Number(
    await deps.chain.readContract({
      address: poolAddress(deps),
      abi: binFiPoolAbi,
      functionName: 'fundCount',
    }),
  );
  await saveRoundTerms(
    deps.db,
    deps.config.chainId,
    fundId,
    { ...DEFAULT_TERMS, ...input.terms },
    deps.clock.now(),
  );
  return { fundId, txHash };
}

/** Matches a round whose raise window closed (nothing when it is no longer raising). */
export async function matchRound(deps: BinfiOperatorDeps, fundId: number): Promise<Hash | null> {
  if ((await fundOnChain(deps, fundId)).status !== 'raising') return null;
  return callPool(deps, 'matchFund', [BigInt(fundId)]);
}

/** Executes the stop-loss of a running round. */
export async function stopLossRound(deps: BinfiOperatorDeps, fundId: number): Promise<Hash> {
  return callPool(deps, 'stopLoss', [BigInt(fundId)]);
}

/** Funds the next Rock reward month at `perUnit` USDT per matched Rock unit still in. */
export async function fundRewardMonth(
  deps: BinfiOperatorDeps,
  fundId: number,
  perUnit: string,
): Promise<{ period: number; total: bigint; txHash: Hash }> {
  return fundRewardMonthAtomic(deps, fundId, parseUnits(perUnit, USDT_DECIMALS));
}

/** Funds the next Rock reward month at `perUnit` USDT atomic units per matched Rock unit. */
export async function fundRewardMonthAtomic(
  deps: BinfiOperatorDeps,
  fundId: number,
  perUnit: bigint,
): Promise<{ period: number; total: bigint; txHash: Hash }> {
  const rate = perUnit * WAD;
  const fund = await fundOnChain(deps, fundId);
  const total = (rate * (fund.matchedRock - fund.redeemedRock)) / WAD;
  const period = await periodCount(deps, fundId);
  if (total > 0n) await approveUsdt(deps, total);
  const txHash = await callPool(deps, 'fundReward', [BigInt(fundId), BigInt(period), rate]);
  return { period, total, txHash };
}

/** Settles a matured or stopped-out round at each side's payout per unit (USDT). */
export async function settleRound(
  deps: BinfiOperatorDeps,
  fundId: number,
  rockPerUnit: string,
  flamePerUnit: string,
): Promise<{ total: bigint; txHash: Hash }> {
  return settleRoundAtomic(
    deps,
    fundId,
    parseUnits(rockPerUnit, USDT_DECIMALS),
    parseUnits(flamePerUnit, USDT_DECIMALS),
  );
}

/** Settles at each side's payout per unit in USDT atomic units (the rates are these x 1e18). */
export async function settleRoundAtomic(
  deps: BinfiOperatorDeps,
  fundId: number,
  rockPerUnit: bigint,
  flamePerUnit: bigint,
): Promise<{ total: bigint; txHash: Hash }> {
  const rockRate = rockPerUnit * WAD;
  const flameRate = flamePerUnit * WAD;
  const fund = await fundOnChain(deps, fundId);
  const total =
    (rockRate * (fund.matchedRock - fund.redeemedRock)) / WAD +
    (flameRate * fund.matchedFlame) / WAD;
  if (total > 0n) await approveUsdt(deps, total);
  const txHash = await callPool(deps, 'settle', [BigInt(fundId), rockRate, flameRate]);
  return { total, txHash };
}

/**
 * Pays the next `limit` redemptions of the pool's queue, each its matched units x `perUnit`
 * USDT (the capital and the reward accrued, decided by the operator).
 */
export async function payRedemptionQueue(
  deps: BinfiOperatorDeps,
  perUnit: string,
  limit = BATCH,
): Promise<{ paid: number; total: bigint }> {
  const price = parseUnits(perUnit, USDT_DECIMALS);
  return payRedemptionQueueWith(deps, async (_orderId, units) => units * price, limit);
}

/**
 * Pays the next queued redemptions (at most `limit`, 100 per call), each `amountOf(orderId,
 * matched units)` USDT atomic units; an entry whose amount is null (not known yet) ends the
 * batch there, as the queue is first in, first out.
 */
export async function payRedemptionQueueWith(
  deps: BinfiOperatorDeps,
  amountOf: (orderId: bigint, units: bigint) => Promise<bigint | null>,
  limit = BATCH,
): Promise<{ paid: number; total: bigint }> {
  const address = poolAddress(deps);
  const read = (functionName: string, args: readonly unknown[] = []) =>
    deps.chain.readContract({ address, abi: binFiPoolAbi, functionName, args } as Parameters<
      PublicClient['readContract']
    >[0]);
  const head = Number(await read('redemptionHead'));
  const length = Number(await read('redemptionQueueLength'));
  const n = Math.min(limit, BATCH, length - head);
  const ids: bigint[] = [];
  const amounts: bigint[] = [];
  for (let i = 0; i < n; i += 1) {
    const orderId = (await read('redemptionAt', [BigInt(head + i)])) as bigint;
    const units = (await read('matchedUnitsOf', [orderId])) as bigint;
    const amount = await amountOf(orderId, units);
    if (amount === null) break;
    ids.push(orderId);
    amounts.push(amount);
  }
  if (ids.length === 0) return { paid: 0, total: 0n };
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  if (total > 0n) await approveUsdt(deps, total);
  await callPool(deps, 'payRedemptions', [ids, amounts]);
  return { paid: ids.length, total };
}

/** Pays `orderIds` of a round every funded period up to `period`, in batches of 100. */
export async function payoutOrders(
  deps: BinfiOperatorDeps,
  fundId: number,
  period: number,
  orderIds: readonly number[],
): Promise<number> {
  let calls = 0;
  for (let i = 0; i < orderIds.length; i += BATCH) {
    const batch = orderIds.slice(i, i + BATCH).map((id) => BigInt(id));
    await callPool(deps, 'payout', [BigInt(fundId), BigInt(period), batch]);
    calls += 1;
  }
  return calls;
}

export interface BinfiRoundsReport {
  matched: number[];
  refunded: number[];
  started: number[];
  matured: number[];
  defaulted: number[];
  settledPaid: number[];
}

/**
 * The `binfi-rounds` job, from the indexed state and checked on chain: matches rounds whose
 * window closed; a day after the match pays the refunds of the unmatched parts and starts the
 * term; marks matured rounds and stop-losses past their deadline; pays the settlement to every
 * order not paid yet. Reward months, stop-losses and settlement rates are the operator's
 * (`npm run ops -- binfi reward|stoploss|settle`).
 */
export async function runBinfiRounds(
  deps: BinfiOperatorDeps,
  now: Date,
): Promise<BinfiRoundsReport> {
  const report: BinfiRoundsReport = {
    matched: [],
    refunded: [],
    started: [],
    matured: [],
    defaulted: [],
    settledPaid: [],
  };
  const chainId = deps.config.chainId;
  if (!deployedAddress(binFiPoolAddress, chainId)) return report;
  const rounds = await deps.db
    .select()
    .from(binfiRounds)
    .where(eq(binfiRounds.chainId, chainId))
    .orderBy(asc(binfiRounds.fundId));
  for (const round of rounds) {
    const id = round.fundId;
    if (round.status === 'raising' && round.raiseEnd <= now) {
      if (await matchRound(deps, id)) report.matched.push(id);
      continue;
    }
    const dayAfterMatch =
      round.matchedAt !== null && round.matchedAt.getTime() + REFUND_DELAY_MS <= now.getTime();
    if ((round.status === 'matched' || round.status === 'unmatched') && dayAfterMatch) {
      const due = await deps.db
        .select({ orderId: binfiOrders.orderId })
        .from(binfiOrders)
        .where(
          and(
            eq(binfiOrders.chainId, chainId),
            eq(binfiOrders.fundId, id),
            eq(binfiOrders.cursor, 0),
            gt(binfiOrders.refundAmount, '0'),
          ),
        )
        .orderBy(asc(binfiOrders.orderId));
      if (due.length > 0) {
        await payoutOrders(
          deps,
          id,
          0,
          due.map((row) => row.orderId),
        );
        report.refunded.push(id);
      }
      if (round.status === 'matched' && (await fundOnChain(deps, id)).status === 'matched') {
        await callPool(deps, 'startFund', [BigInt(id)]);
        report.started.push(id);
      }
      continue;
    }
    if (round.status === 'running' && round.maturity && round.maturity <= now) {
      if ((await fundOnChain(deps, id)).status === 'running') {
        await callPool(deps, 'mature', [BigInt(id)]);
        report.matured.push(id);
      }
      continue;
    }
    if (round.status === 'stopped_out' && round.stopDeadline && round.stopDeadline <= now) {
      if ((await fundOnChain(deps, id)).status === 'stopped_out') {
        await callPool(deps, 'markDefault', [BigInt(id)]);
        report.defaulted.push(id);
      }
      continue;
    }
    if (round.status === 'settled') {
      const periods = await deps.db
        .select({ period: binfiPeriods.period })
        .from(binfiPeriods)
        .where(and(eq(binfiPeriods.chainId, chainId), eq(binfiPeriods.fundId, id)));
      const count = periods.length;
      if (count === 0) continue;
      const unpaid = await deps.db
        .select({ orderId: binfiOrders.orderId })
        .from(binfiOrders)
        .where(
          and(
            eq(binfiOrders.chainId, chainId),
            eq(binfiOrders.fundId, id),
            lt(binfiOrders.cursor, count),
          ),
        )
        .orderBy(asc(binfiOrders.orderId));
      if (unpaid.length > 0) {
        await payoutOrders(
          deps,
          id,
          count - 1,
          unpaid.map((row) => row.orderId),
        );
        report.settledPaid.push(id);
      }
    }
  }
  return report;
}
