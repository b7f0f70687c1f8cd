import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autotradeSignals, autotradeStrategyState } from '../../src/server/db/schema';
import {
  DEFAULT_PARAMS,
  paramsOf,
  stepAlgorithm,
} from '../../src/server/domain/autotrade/algorithms';
import { SHARE_ONE } from '../../src/server/domain/autotrade/context';
import { runStrategies } from '../../src/server/domain/autotrade/signals';
import { mulUnits } from '../../src/server/exchange/decimal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { depsOf, paperOf, runningStrategy } from './helpers';

/** The builtin algorithms: their decisions, and their signals as the clock runs. */

describe('algorithm steps', () => {
  it('trend: long when the fast average rises above the slow one, flat when it falls below', () => {
    const params = DEFAULT_PARAMS.trend;
    let memory = {};
    let target: number | null = null;
    for (const price of [100, 100, 101, 102, 103, 104]) {
      ({ memory, target } = stepAlgorithm('trend', memory, price, params));
    }
    expect(target).toBe(params.exposure);
    for (const price of [100, 97, 94, 92]) {
      ({ memory, target } = stepAlgorithm('trend', memory, price, params));
    }
    expect(target).toBe(0);
  });

  it('mean reversion: more position the further the price is below its average', () => {
    const params = DEFAULT_PARAMS.mean_reversion;
    let memory = {};
    for (const price of [100, 101, 99, 100, 101, 99, 100]) {
      memory = stepAlgorithm('mean_reversion', memory, price, params).memory;
    }
    const low = stepAlgorithm('mean_reversion', memory, 97, params).target!;
    const high = stepAlgorithm('mean_reversion', memory, 103, params).target!;
    expect(low).toBeGreaterThan(0.5);
    expect(high).toBeLessThan(0.5);
  });

  it('grid: half at the anchor, a level down buys, a level up sells', () => {
    const params = paramsOf('grid', { step: 0.01, levels: 5 });
    const first = stepAlgorithm('grid', {}, 100, params);
    expect(first.target).toBe(0.5);
    expect(stepAlgorithm('grid', first.memory, 98.9, params).target).toBe(0.6);
    expect(stepAlgorithm('grid', first.memory, 102.05, params).target).toBe(0.3);
    expect(stepAlgorithm('grid', first.memory, 50, params).target).toBe(1);
  });
});

describe('builtin strategies on the paper market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('trade their own account as the clock runs, and every order becomes a signal', async () => {
    const { strategy: grid, key } = await runningStrategy(t.app, {
      signalSource: 'builtin:grid',
      // tight levels so a few hours of the seeded market cross several
      params: { step: 0.002, levels: 5, intervalMinutes: 15, threshold: 0.04 },
    });
    const { strategy: trend } = await runningStrategy(t.app, {
      signalSource: 'builtin:trend',
      params: { intervalMinutes: 15, fastPeriod: 2, slowPeriod: 6, band: 0.0002 },
    });
    const deps = depsOf(t.app);
    // the grid starts at half: its first step buys about 50 % of its cash
    await runStrategies(deps);
    const [opening] = await t.app.db
      .select()
      .from(autotradeSignals)
      .where(eq(autotradeSignals.strategyId, grid.id));
    expect(opening).toMatchObject({ signalNo: 1, side: 'buy' });
    expect(Number(BigInt(opening!.share)) / Number(SHARE_ONE)).toBeGreaterThan(0.45);
    expect(Number(BigInt(opening!.share)) / Number(SHARE_ONE)).toBeLessThan(0.51);

    for (let step = 0; step < 16; step += 1) {
      t.clock.advance(15 * 60_000);
      await runStrategies(deps);
    }
    const gridSignals = await t.app.db
      .select()
      .from(autotradeSignals)
      .where(eq(autotradeSignals.strategyId, grid.id));
    expect(gridSignals.length).toBeGreaterThan(2);
    expect(gridSignals.map((s) => s.signalNo)).toEqual(gridSignals.map((_, i) => i + 1));
    expect(new Set(gridSignals.map((s) => s.side))).toEqual(new Set(['buy', 'sell']));

    // the signals are the account's orders: one per order with fills, same amounts
    const engine = paperOf(t.app).engine;
    const accountId = engine.keyFor(key.apiKey).accountId;
    const filled = engine.pastOrders(accountId).filter((o) => o.amount !== o.remaining);
    expect(filled).toHaveLength(gridSignals.length);
    const traded = gridSignals.reduce(
      (sum, s) => sum + (s.side === 'buy' ? BigInt(s.amount) : -BigInt(s.amount)),
      0n,
    );
    expect(traded).toBe(filled.reduce((sum, o) => sum + (o.amount - o.remaining), 0n));

    // the trend strategy warmed up and decided; its memory is kept between runs
    const [trendState] = await t.app.db
      .select()
      .from(autotradeStrategyState)
      .where(eq(autotradeStrategyState.strategyId, trend.id));
    expect((trendState!.algorithm as { samples: number }).samples).toBe(17);
    const trendSignals = await t.app.db
      .select()
      .from(autotradeSignals)
      .where(eq(autotradeSignals.strategyId, trend.id));
    for (const signal of trendSignals) {
      expect(BigInt(signal.share)).toBeLessThanOrEqual(SHARE_ONE);
      expect(mulUnits(BigInt(signal.amount), BigInt(signal.price))).toBeGreaterThan(0n);
    }

    // running again without time passing adds nothing
    const before = gridSignals.length;
    await runStrategies(deps);
    const after = await t.app.db
      .select()
      .from(autotradeSignals)
      .where(eq(autotradeSignals.strategyId, grid.id));
    expect(after).toHaveLength(before);
  }, 60_000);
});
