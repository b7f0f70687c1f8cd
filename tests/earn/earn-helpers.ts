// Helpers of the earn integration tests written after earn-lifecycle.test.ts: a test app whose
// members' tokens are renewed as the clock moves, the operator commands in-process, products
// raising from the clock's day, Join, Detail, the job and the clock.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { runOpsCommand, type OpsCommandName } from '../../src/server/ops/commands';
import type { EarnDetail, EarnHistory, EarnProduct } from '../../src/shared/api/earn';
import { EARN_CONSENTS } from '../../src/shared/constants/earn';
import { parseAmount } from '../../src/shared/money/decimal';
import { accountBalance, platformAccount } from '../../src/server/domain/wallet/ledger';
import type { LedgerCurrency, LedgerAccountKind } from '../../src/server/db/schema/wallet';
import { loginSession, type TestMember } from '../helpers/auth';
import type { TestApp } from '../helpers/test-app';
import { fund, getAs, postAs, verifiedMember } from '../wallet/convert-helpers';

export const DAY = 24 * 3600 * 1000;
export const usdt = (text: string) => parseAmount(text, 6)!;
/** 00:00 UTC+8 of a day */
export const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** the UTC+8 day of a time */
export const dayOf = (time: Date | string | number) =>
  new Date(new Date(time).getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
export const addDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export function earnHarness(getApp: () => TestApp) {
  const loggedInAt = new Map<number, number>();
  const t = () => getApp();
  async function fresh(member: TestMember): Promise<TestMember> {
    const now = t().clock.now().getTime();
    const since = loggedInAt.get(member.memberId);
    if (since === undefined) loggedInAt.set(member.memberId, now);
    else if (now - since > 5 * 60_000 || now < since) {
      Object.assign(member, await loginSession(t().app, member));
      loggedInAt.set(member.memberId, now);
    }
    return member;
  }
  const get = async (url: string, member?: TestMember) =>
    getAs(t(), url, member ? await fresh(member) : undefined);
  const post = async (url: string, member: TestMember, body: unknown, key?: string | null) =>
    postAs(t(), url, await fresh(member), body, key === undefined ? randomUUID() : key);
  const ops = (name: OpsCommandName, input: Record<string, unknown>) =>
    runOpsCommand(
      {
        db: t().database.db,
        clock: t().clock,
        wallet: t().app.wallet,
        chainId: t().app.config.chainId,
      },
      name,
      input,
    );
  let serial = 0;
  /** A product raising from the clock's day for `raiseDays` days, opened and listed. */
  async function product(fields: Record<string, unknown>, raiseDays = 5): Promise<EarnProduct> {
    const today = dayOf(t().clock.now());
    serial += 1;
    const created = (await ops('product/create', {
      currency: 'USDT',
      name: `Earn test ${serial}`,
      period: 3,
      'per-unit': '100',
      'min-unit': 10,
      'max-unit': 100,
      'raise-start': today,
      'raise-end': addDay(today, raiseDays),
      start: addDay(today, raiseDays),
      settlement: 'daily',
      ...fields,
    })) as { serialNumber: string };
    await ops('product/open', { sn: created.serialNumber });
    const list = (await get('/api/v1/premium2/List')).json().data.list as EarnProduct[];
    const found = list.find((p) => p.serialNumber === created.serialNumber);
    if (!found) throw new Error(`${created.serialNumber} not listed`);
    return found;
  }
  const nav = (sn: string, day: string, value: string) =>
    ops('product/nav', { sn, day, nav: value });
  async function funded(amount = '100000', currency: LedgerCurrency = 'USDT') {
    const member = await verifiedMember(t());
    await fund(t(), member.memberId, currency, amount);
    return member;
  }
  async function join(member: TestMember, premiumId: number, units: number) {
    const res = await post('/api/v1/premium2/Join', member, {
      premiumId,
      units,
      consents: [...EARN_CONSENTS],
      riskAcknowledged: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  async function detail(member: TestMember, sn: string): Promise<EarnDetail> {
    const res = await get(`/api/v1/premium2/Detail?sn=${sn}`, member);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EarnDetail;
  }
  async function history(member: TestMember, premiumId: number): Promise<EarnHistory> {
    const res = await get(
      `/api/v1/premium2/PremiumHistory?premiumId=${premiumId}&pageSize=100`,
      member,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EarnHistory;
  }
  const run = () =>
    t().app.scheduler.runTask('earn-lifecycle') as Promise<
      Record<string, number> & { awaitingNav: { serialNumber: string; day: string }[] }
    >;
  async function at(time: Date | number) {
    t().clock.set(new Date(time));
    return run();
  }
  const platform = (kind: Extract<LedgerAccountKind, string>, currency: LedgerCurrency = 'USDT') =>
    accountBalance(t().database.db, platformAccount(kind as never), currency);
  return { fresh, get, post, ops, product, nav, funded, join, detail, history, run, at, platform };
}
