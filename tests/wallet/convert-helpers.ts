import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { ledgerTransactions, type LedgerCurrency } from '../../src/server/db/schema/wallet';
import { runOpsCommand } from '../../src/server/ops/commands';
import { parseAmount } from '../../src/shared/money/decimal';
import { CURRENCIES } from '../../src/shared/constants/currencies';
import { call, createMember, type TestMember } from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
export { walletBalance } from '../helpers/wallet';
import { creditMember } from '../helpers/wallet';
import type { TestApp } from '../helpers/test-app';

/** Helpers of the conversion and custodial stake tests. */

export const decimalsOf = (currency: LedgerCurrency) =>
  CURRENCIES.find((c) => c.code === currency)!.decimals;

/** Credit `amount` (whole units) to the member's available balance, as a deposit would. */
export async function fund(t: TestApp, memberId: number, currency: LedgerCurrency, amount: string) {
  await creditMember(
    t.database.db,
    t.clock,
    memberId,
    currency,
    parseAmount(amount, decimalsOf(currency))!,
  );
}

/** A registered, identity-verified member (level 1). */
export async function verifiedMember(t: TestApp): Promise<TestMember> {
  const member = await createMember(t.app);
  await verifyIdentity(t, member);
  return member;
}

export function getAs(t: TestApp, url: string, member?: TestMember) {
  return call(t.app, 'GET', url, undefined, member ? { token: member.token } : {});
}

export function postAs(
  t: TestApp,
  url: string,
  member: TestMember,
  body: unknown,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(t.app, 'POST', url, body, {
    token: member.token,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

export async function ledgerCount(t: TestApp, memberId: number, type: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.type, type)));
  return row?.n ?? 0;
}

export async function setPrice(t: TestApp, price: string) {
  return (await runOpsCommand(
    { db: t.database.db, clock: t.clock, wallet: t.app.wallet },
    'price/set',
    { price },
  )) as { price: string; version: string };
}
