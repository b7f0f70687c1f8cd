import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { autotradeBooks, autotradeStrategies } from '../../src/server/db/schema';
import { ONE } from '../../src/server/exchange/decimal';
import type { PaperExchange } from '../../src/server/exchange/paper/server';
import type { AutotradeSubscription } from '../../src/shared/api/autotrade-subscriptions';
import { call, createMember, loginSession, TEST_PASSWORD, type TestMember } from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
import type { TestApp } from '../helpers/test-app';
import { creditMember } from '../helpers/wallet';

/**
 * Fixtures of the Smart Autotrade subscription tests: a running strategy (inserted as the
 * operator's command would), members with a paper-exchange account, an imported trade-only key
 * and custodial balances, and the calls with an Idempotency-Key.
 */

export const USDT6 = (whole: number | bigint) => BigInt(whole) * 10n ** 6n;
export const BCNT18 = (whole: number | bigint) => BigInt(whole) * 10n ** 18n;

export async function insertStrategy(
  db: Db,
  now: Date,
  overrides: Partial<typeof autotradeStrategies.$inferInsert> = {},
) {
  const [row] = await db
    .insert(autotradeStrategies)
    .values({
      name: { 'en-US': 'Trend BTC', 'zh-TW': '趨勢 BTC', 'zh-CN': '趋势 BTC' },
      description: { 'en-US': 'Trend', 'zh-TW': '趨勢', 'zh-CN': '趋势' },
      trader: 'Partner A',
      category: 'trend',
      exchange: 'bitfinex',
      symbol: 'BTC/USDT',
      riskLevel: 'medium',
      performanceFeeBps: 2_000,
      marginCurrencies: ['BCNT', 'USDT'],
      minInvest: (100n * ONE).toString(),
      status: 'running',
      signalSource: 'orders',
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row!;
}

export interface AutotradeMember {
  member: TestMember;
  account: string;
  keyId: number;
}

let accounts = 0;

/** A member (verified unless told) with a funded paper account and its key imported. */
export async function memberWithKey(
  t: TestApp,
  options: { exchangeUsdt?: number; verified?: boolean; usdt?: bigint; bcnt?: bigint } = {},
): Promise<AutotradeMember> {
  const paper = t.app.adapters.paperExchange as PaperExchange;
  const member = await createMember(t.app);
  if (options.verified !== false) await verifyIdentity(t, member);
  accounts += 1;
  const account = `autotrade-${member.memberId}-${accounts}`;
  const key = paper.engine.createKey(account);
  paper.engine.fund(account, 'UST', BigInt(options.exchangeUsdt ?? 10_000) * ONE);
  const res = await call(
    t.app,
    'POST',
    '/api/v1/user/ApiKey',
    {
      exchange: 'bitfinex',
      name: 'Main',
      apiKey: key.apiKey,
      secret: key.secret,
      accountType: 'main',
      password: TEST_PASSWORD,
    },
    { token: member.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  if (options.usdt)
    await creditMember(t.database.db, t.clock, member.memberId, 'USDT', options.usdt);
  if (options.bcnt)
    await creditMember(t.database.db, t.clock, member.memberId, 'BCNT', options.bcnt);
  return { member, account, keyId: res.json().data.id as number };
}

/** A member call with a fresh (or the given) Idempotency-Key. */
export function act(
  app: App,
  member: TestMember,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  idempotencyKey: string = randomUUID(),
) {
  return call(app, method, url, body, {
    token: member.token,
    headers: method === 'POST' ? { 'idempotency-key': idempotencyKey } : {},
  });
}

export async function subscribeOk(
  app: App,
  member: TestMember,
  body: Record<string, unknown>,
): Promise<AutotradeSubscription> {
  const res = await act(app, member, 'POST', '/api/v1/strategy/Subscribe', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AutotradeSubscription;
}

/**
 * What a month of mirrored trading left in the subscription's book (the executor's; its own
 * tests prove the mirroring): the cash, with no open position, in whole quote units.
 */
export async function setBookCash(db: Db, subscriptionId: number, cash: number) {
  const [book] = await db
    .update(autotradeBooks)
    .set({ cash: BigInt(Math.round(cash * 1e8)).toString(), position: '0' })
    .where(eq(autotradeBooks.subscriptionId, subscriptionId))
    .returning();
  expect(book, `book of subscription ${subscriptionId}`).toBeDefined();
}

/** Move the server clock (and the paper market with it); members log in again. */
export async function moveClockTo(t: TestApp, time: string, members: TestMember[]) {
  t.clock.set(time);
  for (const member of members) member.token = (await loginSession(t.app, member)).token;
}
