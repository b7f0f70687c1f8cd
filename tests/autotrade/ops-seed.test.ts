import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrategyDetail, StrategySummary } from '../../src/shared/api/autotrade-strategies';
import { autotradeSignals, autotradeStrategies } from '../../src/server/db/schema';
import { decryptAtRest } from '../../src/server/domain/auth/crypto';
import { seedDemoStrategies } from '../../src/server/domain/autotrade/seed';
import { runStrategies } from '../../src/server/domain/autotrade/signals';
import { takeSnapshots } from '../../src/server/domain/autotrade/snapshots';
import { call } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { depsOf, paperOf } from './helpers';

/**
 * Operators' strategy commands through the API's loopback /ops route (create, attach the source
 * with its secret sealed, start, close, list, run), and the demo seed: strategies that trade the
 * paper market as the clock runs, their figures computed from what they did.
 */

const OPS_TOKEN = 'autotrade-ops-token-0123456789abcdef';
let t: TestApp;

async function ops(command: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ops/${command}`,
    headers: { 'x-ops-token': OPS_TOKEN },
    remoteAddress: '127.0.0.1',
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { message: string; data: never } };
}

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
  await paperOf(t.app).listen();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('strategy operator commands', () => {
  it('creates a draft, attaches a sealed source, starts, lists and closes it', async () => {
    const paper = paperOf(t.app);
    const key = paper.engine.createKey('ops-strategy');
    paper.engine.fund('ops-strategy', 'UST', 5_000n * 10n ** 8n);
    const created = await ops('strategy/create', {
      name: 'Ops Trend',
      'name-zh-tw': '營運趨勢',
      'name-zh-cn': '运营趋势',
      description: 'A strategy made by an operator',
      trader: 'Ops Partner',
      category: 'trend',
      symbol: 'ETH/USDT',
      risk: 'high',
      leverage: '3',
      fee: '25',
      margin: 'BCNT,USDT',
      'min-invest': '250',
      source: 'orders',
      featured: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.data as { id: number }).id;
    expect(created.body.data).toMatchObject({
      status: 'draft',
      leverage: '3x',
      fee: '25%',
      margin: 'BCNT,USDT',
      minInvest: '250',
      featured: true,
    });

    const unknown = await ops('strategy/create', {
      name: 'x',
      'name-zh-tw': 'x',
      'name-zh-cn': 'x',
      description: 'x',
      trader: 'x',
      category: 'x',
      symbol: 'DOGE/USDT',
      risk: 'low',
      leverage: '1',
      fee: '10',
      margin: 'USDT',
      'min-invest': '1',
      source: 'orders',
    });
    expect(unknown.status).not.toBe(200);
    const badSource = await ops('strategy/create', { source: 'builtin:magic' });
    expect(badSource.status).toBe(400);

    // not running without a funded source
    expect((await ops('strategy/start', { id })).status).not.toBe(200);
    const wrong = await ops('strategy/attach-source', { id, key: key.apiKey, secret: 'wrong' });
    expect(wrong.status).not.toBe(200);
    expect(wrong.body.message).toMatch(/refused the key/);
    const attached = await ops('strategy/attach-source', {
      id,
      key: key.apiKey,
      secret: key.secret,
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(JSON.stringify(attached.body)).not.toContain(key.secret);
    const [row] = await t.app.db
      .select()
      .from(autotradeStrategies)
      .where(eq(autotradeStrategies.id, id));
    expect(row!.sourceSecretSealed).not.toContain(key.secret);
    expect(
      decryptAtRest(
        depsOf(t.app).dataKey,
        row!.sourceSecretSealed!,
        `autotrade-strategy:${id}:bitfinex:${key.apiKey}`,
      ),
    ).toBe(key.secret);

    const started = await ops('strategy/start', { id });
    expect(started.body.data).toMatchObject({ status: 'running' });
    const listed = await ops('strategy/list');
    expect(
      (listed.body.data as { id: number; status: string }[]).map((s) => [s.id, s.status]),
    ).toContainEqual([id, 'running']);
    // a hand trade on the account: `strategy run` makes it a signal
    t.clock.advance(60_000);
    const ticker = await depsOf(t.app).exchange.ticker('ETH/USDT');
    await depsOf(t.app).exchange.submitOrder(key, {
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'limit',
      amount: 10n ** 8n,
      price: (ticker.ask * 101n) / 100n,
      timeInForce: 'IOC',
    });
    const ran = await ops('strategy/run');
    expect(ran.body.data).toMatchObject({ signals: 1 });
    const executed = await ops('strategy/execute');
    expect(executed.status).toBe(200);

    const closed = await ops('strategy/close', { id });
    expect(closed.body.data).toMatchObject({ status: 'closed' });
    expect((await ops('strategy/close', { id })).status).not.toBe(200);
  }, 60_000);
});

describe('the demo strategies', () => {
  it('are seeded once into an empty table, trade the paper market as the clock runs and show real figures', async () => {
    // the table already holds the operator's: nothing is seeded there
    expect(await seedDemoStrategies(depsOf(t.app), paperOf(t.app))).toBe(0);
    const fresh = await createTestApp({ clock: t.clock });
    try {
      const deps = depsOf(fresh.app);
      expect(await seedDemoStrategies(deps, paperOf(fresh.app))).toBe(5);
      expect(await seedDemoStrategies(deps, paperOf(fresh.app))).toBe(0);
      const listed = await call(fresh.app, 'GET', '/api/v1/strategy/DashboardStrategyList');
      const strategies = listed.json().data.list as StrategySummary[];
      expect(strategies.map((s) => [s.category, s.riskLevel, s.leverage])).toEqual([
        ['trend', 'medium', 2],
        ['grid', 'low', 1],
        ['mean_reversion', 'low', 1],
        ['trend', 'high', 3],
        ['grid', 'high', 3],
      ]);
      // a day of the clock in 3-hour steps, the jobs as the scheduler runs them
      for (let step = 0; step < 8; step += 1) {
        await runStrategies(deps);
        if (step === 4) await takeSnapshots(deps);
        fresh.clock.advance(3 * 60 * 60_000);
      }
      await takeSnapshots(deps);
      const signals = await fresh.app.db.select().from(autotradeSignals);
      // the grids open at half at once; the others follow the market
      expect(signals.length).toBeGreaterThanOrEqual(2);
      const grid = strategies.find((s) => s.category === 'grid')!;
      const detail = (
        await call(fresh.app, 'GET', `/api/v1/strategy/StrategyDetail?id=${grid.id}`)
      ).json().data as StrategyDetail;
      expect(detail.runningDays).toBe(1);
      expect(detail.tradesPerWeek).toBeGreaterThan(0);
      expect(detail.positionRatio).toBeGreaterThan(0);
      expect(detail.sinceInception).not.toBe(0);
      const chart = await call(
        fresh.app,
        'GET',
        `/api/v1/strategy/EquityAndDrawdownChart?id=${grid.id}`,
      );
      expect(chart.json().data.list.length).toBeGreaterThanOrEqual(1);
      const gridSignals = signals.filter((s) => s.strategyId === grid.id);
      expect(gridSignals[0]).toMatchObject({ signalNo: 1, side: 'buy' });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
