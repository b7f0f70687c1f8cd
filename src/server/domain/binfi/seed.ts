import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseUnits,
  zeroAddress,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import {
  binFiPoolAbi,
  binFiPoolAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../../shared/contracts/generated';
import { deployedAddress } from '../../chain/contracts';
import { DEV_WALLET_SEED } from '../../config';
import {
  type BinfiOperatorDeps,
  callPool,
  createRound,
  fundOnChain,
  matchRound,
  settleRoundAtomic,
} from './operator';

/**
 * The dev stack's demo rounds (`npm run ops -- binfi seed`, and start.ts in development): when
 * the pool has no round yet, four rounds in different states, with orders from the local
 * chain's accounts 8 (Rock) and 9 (Flame) of the development mnemonic:
 *
 * 1. a six-month BinFi round raising for 7 days (3 Rock and 2 Flame units ordered);
 * 2. a three-month Galaxy round raising for 7 days (nothing ordered);
 * 3. a six-month round running: raised for 20 s of the chain's time (the local chain is moved
 *    20 s ahead to close it) (3 units a side, so nothing to refund),
 *    matched and started; the binfi-flame job opens its position and writes
 *    its PnL history from then on, every 5 minutes of the clock (advance the dev clock to see
 *    more of it);
 * 4. a Galaxy round settled: raised for 20 s, matched, started, stopped out and settled at once
 *    at the unit price for both sides (nothing traded); the binfi-rounds job pays it out.
 *
 * The e2e stacks are not seeded (their rounds come from the tests). Only with the development
 * mnemonic (the anvil accounts): anywhere else it refuses.
 */

const ROCK_ACCOUNT = 8;
const FLAME_ACCOUNT = 9;
const DAY_MS = 24 * 3600 * 1000;
const SHORT_RAISE_MS = 20_000;

export interface SeedReport {
  created: number[];
  skipped: boolean;
}

export async function seedDemoRounds(deps: BinfiOperatorDeps): Promise<SeedReport> {
  const chainId = deps.config.chainId;
  const pool = deployedAddress(binFiPoolAddress, chainId);
  const usdt = deployedAddress(testUsdtAddress, chainId);
  if (!pool || !usdt) throw new Error(`BinFiPool is not deployed on chain ${chainId}`);
  if (deps.config.walletSeed !== DEV_WALLET_SEED)
    throw new Error('the demo rounds need the development mnemonic (local chain accounts)');
  const count = (await deps.chain.readContract({
    address: pool,
    abi: binFiPoolAbi,
    functionName: 'fundCount',
  })) as bigint;
  if (count > 0n) return { created: [], skipped: true };

  const chain = defineChain({
    id: chainId,
    name: `evm-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [deps.config.rpcUrl] } },
  });
  const member = (index: number) =>
    createWalletClient({
      account: mnemonicToAccount(DEV_WALLET_SEED, { addressIndex: index }),
      chain,
      transport: http(deps.config.rpcUrl),
    });
  const send = async (
    index: number,
    address: Address,
    abi: typeof binFiPoolAbi | typeof testUsdtAbi,
    functionName: string,
    args: readonly unknown[],
  ) => {
    const wallet = member(index);
    const hash = await wallet.writeContract({
      address,
      abi,
      functionName,
      args,
    } as Parameters<typeof wallet.writeContract>[0]);
    const receipt = await deps.chain.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (tx ${hash})`);
  };
  const order = async (index: number, fundId: number, side: 'supply' | 'take', units: number) => {
    await send(index, usdt, testUsdtAbi, 'approve', [pool, parseUnits('100', 6) * BigInt(units)]);
    await send(index, pool, binFiPoolAbi, side, [
      BigInt(fundId),
      BigInt(units),
      0,
      zeroAddress,
      0n,
      '0x' as Hex,
    ]);
  };
  const chainNow = async () =>
    new Date(Number((await deps.chain.getBlock({ blockTag: 'latest' })).timestamp) * 1000);
  const round = async (months: number, raiseMs: number) => {
    const start = await chainNow();
    const { fundId } = await createRound(deps, {
      unitPrice: '100',
      capacity: 20,
      rockPerFlame: 1,
      accountCap: 10,
      lockPerUnit: '1000',
      raiseStart: start,
      raiseEnd: new Date(start.getTime() + raiseMs),
      months,
      isPrivate: false,
    });
    return fundId;
  };

  const created: number[] = [];
  const raising = await round(6, 7 * DAY_MS);
  await order(ROCK_ACCOUNT, raising, 'supply', 3);
  await order(FLAME_ACCOUNT, raising, 'take', 2);
  created.push(raising, await round(3, 7 * DAY_MS));

  const running = await round(6, SHORT_RAISE_MS);
  await order(ROCK_ACCOUNT, running, 'supply', 3);
  await order(FLAME_ACCOUNT, running, 'take', 3);
  const settled = await round(3, SHORT_RAISE_MS);
  await order(ROCK_ACCOUNT, settled, 'supply', 2);
  await order(FLAME_ACCOUNT, settled, 'take', 2);
  created.push(running, settled);

  // the short raises end: the local chain moves 20 s ahead and mines a block
  await deps.chain.request({
    method: 'evm_increaseTime',
    params: [SHORT_RAISE_MS / 1000],
  } as never);
  await deps.chain.request({ method: 'evm_mine' } as never);
  for (const id of [running, settled]) {
    await matchRound(deps, id);
    await callPool(deps, 'startFund', [BigInt(id)]);
  }
  await callPool(deps, 'stopLoss', [BigInt(settled)]);
  const unit = parseUnits('100', 6);
  if ((await fundOnChain(deps, settled)).status === 'stopped_out')
    await settleRoundAtomic(deps, settled, unit, unit);
  return { created, skipped: false };
}
