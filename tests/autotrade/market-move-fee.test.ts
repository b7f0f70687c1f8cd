import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autotradeFeeSettlements,
  autotradeMarginStates,
  autotradeSubscriptions,
} from '../../src/server/db/schema';
import { loadBook, subscriptionEquity } from '../../src/server/domain/autotrade/book';
import { AUTOTRADE_EXECUTOR_TASK } from '../../src/server/domain/autotrade/executor';
import { AUTOTRADE_FEES_TASK } from '../../src/server/domain/autotrade/fees';
import { AUTOTRADE_STRATEGIES_TASK } from '../../src/server/domain/autotrade/signals';
import { fromUnits, mulUnits, ONE } from '../../src/server/exchange/decimal';
import { outbox } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { paperOf, runningStrategy, strategyOrder } from './helpers';
import {
  act,
  type AutotradeMember,
  memberWithKey,
  moveClockTo,
  subscribeOk,
  USDT6,
} from './subscription-helpers';

/**
 * The paper exchange's market move (the operator's knob) through the whole fee path: a partner's
 * buy mirrored onto a member's account, the market moved so the book gains between 7 % and 10 %
 * of the allocation, the clock over the 1st (UTC+8): the fee on that gain is taken from a margin
 * staked at the minimum, which leaves it below 30 % of the stake, so the margin watch warns
 * (banner flag and e-mail), without cancelling.
 */

let t: TestApp;
let strategyId: number;
let strategyKey: { apiKey: string; secret: string };
let m: AutotradeMember;
let subscriptionId: number;
const ALLOCATION = 1_000n;
// the minimum stake of 1,000 USDT at a 20 % fee: the fee on a 10 % gain
const STAKE = 20n;

beforeAll(async () => {
  t = await createTestApp();
  // 2025-03-31 23:20 in UTC+8: forty minutes before the month's fee date
  t.clock.set('2025-03-31T15:20:00.000Z');
  const started = await runningStrategy(t.app);
  strategyId = started.strategy.id;
  strategyKey = started.key;
  m = await memberWithKey(t, { usdt: USDT6(100) });
  const minimum = await act(
    t.app,
    m.member,
    'GET',
    `/api/v1/strategy/MinStakeAmount?strategyId=${strategyId}&allocation=${ALLOCATION}&marginCurrency=USDT`,
  );
  expect(minimum.json().data).toMatchObject({ minStake: String(STAKE) });
  subscriptionId = (
    await subscribeOk(t.app, m.member, {
      strategyId,
      apiKeyId: m.keyId,
      allocation: String(ALLOCATION),
      marginCurrency: 'USDT',
      margin: String(STAKE),
      marginSource: 'custodial',
      consent: true,
      riskAcknowledged: true,
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const subscription = () =>
  t.database.db
    .select()
    .from(autotradeSubscriptions)
    .where(eq(autotradeSubscriptions.id, subscriptionId))
    .then(([row]) => row!);

describe('a market move, then the fee date', () => {
  it("mirrors the partner's buy, then the move lifts the member's equity into the warning window", async () => {
    // the partner spends about 90 % of the strategy account's 10,000 USDT on BTC
    t.clock.advance(60_000);
    const { ask } = await t.app.adapters.exchange.ticker('BTC/USDT');
    const amount = fromUnits(((9_000n * ONE * ONE) / ask / 10_000n) * 10_000n);
    await strategyOrder(t.app, strategyKey, 'buy', amount);
    await t.app.scheduler.runTask(AUTOTRADE_STRATEGIES_TASK);
    await t.app.scheduler.runTask(AUTOTRADE_EXECUTOR_TASK);
    const book = (await loadBook(t.app.db, subscriptionId))!;
    expect(BigInt(book.position)).toBeGreaterThan(0n);

    // the gain that leaves 15 % of the stake after the fee: fee = stake - 15 % of the stake
    // (17 USDT) on 20 % of the profit: 85 USDT above the 1,000 allocation
    const target = (ALLOCATION + ((STAKE * 85n) / 100n) * 5n) * ONE;
    const equity = await subscriptionEquity(t.app.db, t.app.adapters.exchange, subscriptionId);
    const { last } = await t.app.adapters.exchange.ticker('BTC/USDT');
    const positionValue = mulUnits(BigInt(book.position), last);
    const percent = ((Number(target - equity) / Number(positionValue)) * 100).toFixed(4);
    paperOf(t.app).engine.moveMarket('BTCUST', percent);

    const moved = await subscriptionEquity(t.app.db, t.app.adapters.exchange, subscriptionId);
    // within 1 USDT of the target (prices have 5 significant digits)
    expect(Number(moved - target) / 1e8).toBeGreaterThan(-1);
    expect(Number(moved - target) / 1e8).toBeLessThan(1);
    // before the fee date the margin covers the fee due and is not low
    await t.app.scheduler.runTask('autotrade-margin');
    const [state] = await t.database.db
      .select()
      .from(autotradeMarginStates)
      .where(eq(autotradeMarginStates.subscriptionId, subscriptionId));
    expect(state!.lowMarginSince).toBeNull();
    expect((await subscription()).state).toBe('active');
  });

  it('on the 1st the fee on the gain is taken from the margin, which is then below 30 %: warned once, not cancelled', async () => {
    // 2025-04-01 00:05 in UTC+8
    await moveClockTo(t, '2025-03-31T16:05:00.000Z', [m.member]);
    const equity = await subscriptionEquity(t.app.db, t.app.adapters.exchange, subscriptionId);
    await t.app.scheduler.runTask(AUTOTRADE_FEES_TASK);
    const [settlement] = await t.database.db
      .select()
      .from(autotradeFeeSettlements)
      .where(eq(autotradeFeeSettlements.subscriptionId, subscriptionId));
    expect(settlement).toMatchObject({ period: '2025-03' });
    // fee = 20 % of the profit above the 1,000 USDT high-water mark, in USDT (6 decimals, down)
    const fee = ((equity - ALLOCATION * ONE) * 2_000n) / 10_000n / 100n;
    expect(fee).toBeGreaterThan(USDT6(14));
    expect(fee).toBeLessThan(USDT6(20));
    const after = await subscription();
    expect(after.marginAmount).toBe((USDT6(STAKE) - fee).toString());
    expect(after.highWaterMark).toBe(equity.toString());

    await t.app.scheduler.runTask('autotrade-margin');
    await t.app.scheduler.runTask('autotrade-margin');
    expect((await subscription()).state).toBe('active');
    const check = await act(
      t.app,
      m.member,
      'GET',
      `/api/v1/strategy/CheckSubscription?strategyId=${strategyId}`,
    );
    expect(check.json().data.subscription).toMatchObject({
      id: subscriptionId,
      marginWarning: true,
      requiredMargin: String(STAKE),
    });
    const warned = (await outbox(t.app, m.member.email)).filter(
      (mail) => mail.subject === 'Smart Autotrade: your margin is low',
    );
    expect(warned).toHaveLength(1);
    expect(warned[0]!.link).toMatch(new RegExp(`/portfolio/autotrade/${subscriptionId}$`));
    await expectBooksBalanced(t.database.db);
  });
});
