// The operator's earn product commands through the CLI (in-process, tests/helpers/ops-cli.ts) on
// a database of its own: `product create`, `product update` (only the fields given; price,
// term, start and settlement frozen once the fundraising has begun), `product open`, `product
// close` and `product list`, and what members see of it through the API between the commands.
// The books balance at the end.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import { earnProducts } from '../../src/server/db/schema/earn';
import type { EarnProduct } from '../../src/shared/api/earn';
import { EARN_CONSENTS } from '../../src/shared/constants/earn';
import { cli } from '../helpers/ops-cli';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { fund, getAs, postAs, verifiedMember } from '../wallet/convert-helpers';
import { addDay, dayOf } from './earn-helpers';

// The API at the real time (the CLI's clock is the system's); the CLI runs on its database
let api: TestApp;

beforeAll(async () => {
  api = await createTestApp({ clock: new TestClock(new Date().toISOString()) });
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const run = async (args: string[]) => {
  const result = await cli([...args, '--json'], {}, api.database);
  return { ...result, json: result.code === 0 ? JSON.parse(result.stdout) : null };
};
const ok = async (args: string[]) => {
  const result = await run(args);
  expect(result.code, result.stderr).toBe(0);
  return result.json;
};

/** What members see through the API between the commands. */
const withApi = <T>(work: (t: TestApp) => Promise<T>): Promise<T> => work(api);
const join = (t: TestApp, member: Awaited<ReturnType<typeof verifiedMember>>, premiumId: number) =>
  postAs(t, '/api/v1/premium2/Join', member, {
    premiumId,
    units: 10,
    consents: [...EARN_CONSENTS],
    riskAcknowledged: true,
  });

describe('ops product create | update | open | close | list', () => {
  it('changes only the fields given, freezes price, term and start once the fundraising has begun, closes the product to new members', async () => {
    const today = dayOf(Date.now());
    const base = [
      '--kind',
      'fixed',
      '--currency',
      'USDT',
      '--period',
      '3',
      '--per-unit',
      '100',
      '--min-unit',
      '10',
      '--max-unit',
      '100',
    ];

    // a draft whose fundraising starts tomorrow: monthly, premier only, sort 7, risk 3
    const later = await ok([
      'product',
      'create',
      ...base,
      '--name',
      'CLI later',
      '--raise-start',
      addDay(today, 1),
      '--raise-end',
      addDay(today, 6),
      '--start',
      addDay(today, 6),
      '--settlement',
      'monthly',
      '--premium',
      '--sort',
      '7',
      '--risk',
      '3',
    ]);
    expect(later).toMatchObject({ status: 'draft', settlement: 'monthly', premiumOnly: true });
    const sn1 = later.serialNumber as string;
    expect(sn1).toMatch(/^USDT-\d{3}R$/);
    // before its fundraising, open or not, the price can change
    expect(await ok(['product', 'update', sn1, '--per-unit', '50'])).toMatchObject({
      units: '10-100 x 50 USDT',
    });
    expect(await ok(['product', 'open', sn1])).toMatchObject({ status: 'open' });
    expect(await ok(['product', 'update', sn1, '--per-unit', '60'])).toMatchObject({
      units: '10-100 x 60 USDT',
    });
    // a new name changes the name only: settlement, premier-only, sort and risk stay
    expect(await ok(['product', 'update', sn1, '--name', 'CLI renamed'])).toMatchObject({
      name: 'CLI renamed',
      settlement: 'monthly',
      premiumOnly: true,
      sortOrder: 7,
      units: '10-100 x 60 USDT',
    });

    // a product raising from today, opened; a member joins it
    const now = await ok([
      'product',
      'create',
      ...base,
      '--name',
      'CLI now',
      '--raise-start',
      today,
      '--raise-end',
      addDay(today, 5),
      '--start',
      addDay(today, 5),
    ]);
    const sn2 = now.serialNumber as string;
    expect(await ok(['product', 'open', sn2])).toMatchObject({ status: 'open' });
    const { early, id2 } = await withApi(async (t) => {
      const list = (await getAs(t, '/api/v1/premium2/List')).json().data.list as EarnProduct[];
      const listed = list.find((p) => p.serialNumber === sn2);
      expect(listed).toMatchObject({ state: 'raising', minInvestment: '1000' });
      // the premier-only product is not listed for a visitor
      expect(list.some((p) => p.serialNumber === sn1)).toBe(false);
      const member = await verifiedMember(t);
      await fund(t, member.memberId, 'USDT', '1000');
      const joined = await join(t, member, listed!.id);
      expect(joined.statusCode, joined.body).toBe(200);
      const [row] = await t.database.db
        .select({ riskLevel: earnProducts.riskLevel })
        .from(earnProducts)
        .where(eq(earnProducts.serialNumber, sn1));
      expect(row?.riskLevel).toBe(3);
      return { early: member, id2: listed!.id };
    });

    // its fundraising has begun: price, term, start and settlement are refused (exit 2)
    const frozen: [string[], string][] = [
      [['--per-unit', '200'], 'perUnit'],
      [['--period', '6'], 'periodMonth'],
      [['--start', addDay(today, 10)], 'startDay'],
      [['--settlement', 'monthly'], 'settlement'],
    ];
    for (const [args, field] of frozen) {
      const refused = await run(['product', 'update', sn2, ...args]);
      expect(refused.code, refused.stdout).toBe(2);
      expect(refused.stderr).toContain(
        `${field} cannot change once the fundraising has begun (members subscribed to them)`,
      );
    }
    // the same price written another way, the name and the return still change
    expect(
      await ok(['product', 'update', sn2, '--per-unit', '100.00', '--name', 'CLI now 2']),
    ).toMatchObject({ name: 'CLI now 2', units: '10-100 x 100 USDT' });
    expect(await ok(['product', 'update', sn2, '--return', '9.5'])).toMatchObject({
      annualReturn: 9.5,
      start: addDay(today, 5),
      periodMonth: 3,
    });
    // a bad value is a usage error
    expect((await run(['product', 'update', sn2, '--risk', '9'])).code).toBe(2);

    // close: off the catalog, no new member, the subscription goes on
    expect(await ok(['product', 'close', sn2])).toMatchObject({ status: 'closed' });
    const listed = (await ok(['product', 'list'])).products as {
      serialNumber: string;
      status: string;
    }[];
    expect(listed.filter((p) => [sn1, sn2].includes(p.serialNumber))).toEqual([
      expect.objectContaining({ serialNumber: sn2, status: 'closed' }),
      expect.objectContaining({ serialNumber: sn1, status: 'open' }),
    ]);
    await withApi(async (t) => {
      const list = (await getAs(t, '/api/v1/premium2/List')).json().data.list as EarnProduct[];
      expect(list.some((p) => p.serialNumber === sn2)).toBe(false);
      const late = await verifiedMember(t);
      await fund(t, late.memberId, 'USDT', '1000');
      const refused = await join(t, late, id2);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('earn_not_raising');
      const detail = await getAs(t, `/api/v1/premium2/Detail?sn=${sn2}`, early);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.subscription).toMatchObject({ state: 'raising', units: 10 });
      expect(detail.json().data.product).toMatchObject({
        annualReturn: 9.5,
        name: { 'en-US': 'CLI now 2' },
      });
      await expectBooksBalanced(t.database.db);
    });
  });
});
