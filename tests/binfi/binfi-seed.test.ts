// The dev stack's demo BinFi rounds (`npm run ops -- binfi seed`) on a throw-away anvil: four
// rounds in their states once indexed, the running one with its position and first PnL point
// after the binfi-flame job, and a second seed that does nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import { runBinfiFlame } from '../../src/server/domain/binfi/flame';
import type { ExchangeAdapter } from '../../src/server/exchange/adapter';
import { runOpsCommand } from '../../src/server/ops/commands';
import { testChain, type TestChain } from '../helpers/chain';
import { indexAll } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PRICE = 50_000n * 10n ** 8n;
const exchange = {
  ticker: async (symbol: string) => ({ symbol, last: PRICE, bid: PRICE, ask: PRICE }),
} as unknown as ExchangeAdapter;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine();
  t = await createTestApp({
    config: { rpcUrl: anvil.rpcUrl, chainId: 31337, chainConfirmations: 1 },
    clock: new TestClock(await chain.latestTime()),
    build: { adapters: { exchange } },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const ops = (name: Parameters<typeof runOpsCommand>[1]) =>
  runOpsCommand(
    { db: t.database.db, clock: t.clock, wallet: t.app.wallet, scheduler: t.app.scheduler },
    name,
    {},
  );

async function list(variant: string) {
  const res = await t.app.inject({ url: `/api/v1/binfi/FundList?variant=${variant}` });
  return res
    .json()
    .data.list.map((round: { fundId: number; state: string; rockUnits: number }) => [
      round.fundId,
      round.state,
      round.rockUnits,
    ]);
}

describe('binfi seed', () => {
  it('creates rounds raising (BinFi and Galaxy), running and settled, once', async () => {
    expect(await ops('binfi/seed')).toEqual({ created: [1, 2, 3, 4], skipped: false });
    await indexAll(t.app);
    expect(await list('binfi')).toEqual([
      [3, 'running', 3],
      [1, 'fundraising', 3],
    ]);
    expect(await list('galaxy')).toEqual([
      [4, 'settled', 2],
      [2, 'fundraising', 0],
    ]);
    t.clock.set(await chain.latestTime());
    const report = await runBinfiFlame({ ...t.app.wallet, exchange }, t.clock.now());
    expect(report.opened).toEqual([3]);
    const pnl = await t.app.inject({ url: '/api/v1/binfi/ProfitLossChart?fundId=3' });
    expect(pnl.json().data.points).toHaveLength(1);
    expect(await ops('binfi/seed')).toEqual({ created: [], skipped: true });
  });
});
