// The member's earn statement (GET premium2/Statement): a CSV attachment with a header row in
// the member's language, every subscription, reward, Smart DCA conversion, fee and redemption
// with its UTC+8 day, ISO time and exact amount, cells safe from formula injection, only the
// member's own rows, and the day filter. The books balance after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { DAY, dayOf, earnHarness, usdt } from './earn-helpers';
import { formatAtomic } from '../../src/shared/money/decimal';
import type { TestMember } from '../helpers/auth';

let t: TestApp;
const h = earnHarness(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.wallet.prices.setBcntPrice('0.5');
});
afterEach(async () => {
  await expectBooksBalanced(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

/** RFC 4180 rows of a CSV text (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function statement(member: TestMember, query = '', language = 'en-us') {
  const fresh = await h.fresh(member);
  return call(t.app, 'GET', `/api/v1/premium2/Statement${query}`, undefined, {
    token: fresh.token,
    headers: { 'accept-language': language },
  });
}

describe('the earn statement', () => {
  it('lists every movement as CSV with days, times, exact amounts and no formulas', async () => {
    const p = await h.product({ kind: 'fixed', name: '=HYPERLINK("http://evil.example","x")' });
    const f = await h.product({ kind: 'flagship', period: 12, name: 'Flagship, "one"' });
    await h.nav(f.serialNumber, dayOf(f.startAt), '1');
    const member = await h.funded('2000');
    await h.join(member, p.id, 10);
    await h.join(member, f.id, 10);
    await h.post('/api/v1/premium2/XSavingSetting', member, { premiumId: p.id, currency: 'BCNT' });
    await h.at(new Date(Date.parse(p.startAt) + 60_000));
    await h.at(new Date(Date.parse(p.startAt) + 2 * DAY + 60_000));
    for (const premiumId of [p.id, f.id]) {
      const res = await h.post('/api/v1/premium2/Leave', member, { premiumId, action: 'redeem' });
      expect(res.statusCode, res.body).toBe(200);
    }

    const res = await statement(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="earn-statement-${dayOf(t.clock.now())}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Date (UTC+8)',
      'Time (ISO 8601, UTC)',
      'Product',
      'Serial number',
      'Type',
      'Detail',
      'Direction',
      'Amount',
      'Currency',
      'Converted amount',
      'Converted currency',
      'Term',
      'For day (UTC+8)',
      'Level',
      'Yearly rate (%)',
    ]);
    const col = (name: string) => header!.indexOf(name);
    const of = (type: string) => rows.filter((r) => r[col('Type')] === type);
    for (const r of rows) {
      expect(r).toHaveLength(header!.length);
      expect(r[col('Date (UTC+8)')]).toBe(dayOf(r[col('Time (ISO 8601, UTC)')]!));
      expect(new Date(r[col('Time (ISO 8601, UTC)')]!).toISOString()).toBe(
        r[col('Time (ISO 8601, UTC)')],
      );
    }
    // the formula in the product's name is neutralised; the comma and quotes survive quoting
    const fixedRows = rows.filter((r) => r[col('Serial number')] === p.serialNumber);
    expect(fixedRows[0]![col('Product')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows.some((r) => r[col('Product')] === 'Flagship, "one"')).toBe(true);
    expect(res.body).not.toMatch(/(^|,)[=+\-@]/m);

    expect(of('Subscription')).toHaveLength(2);
    expect(of('Subscription')[0]).toEqual(expect.arrayContaining(['Out', '1000', 'USDT']));
    const daily = (usdt('1000') * 600n) / (365n * 10_000n);
    const rewards = of('Reward').filter((r) => r[col('Serial number')] === p.serialNumber);
    expect(rewards).toHaveLength(2);
    expect(rewards[0]![col('Amount')]).toBe(formatAtomic(daily, 6));
    expect(rewards[0]![col('Direction')]).toBe('In');
    expect(rewards[0]![col('For day (UTC+8)')]).toBe(dayOf(p.startAt));
    expect([rewards[0]![col('Level')], rewards[0]![col('Yearly rate (%)')]]).toEqual(['1', '6']);
    const dca = of('Smart DCA conversion');
    expect(dca).toHaveLength(1);
    expect(dca[0]![col('Direction')]).toBe('Out');
    expect(dca[0]![col('Amount')]).toBe(formatAtomic(daily * 2n, 6));
    expect(dca[0]![col('Converted currency')]).toBe('BCNT');
    expect(dca[0]![col('Converted amount')]).toBe(formatAtomic(daily * 2n * 2n * 10n ** 12n, 18));
    const redeemed = of('Redemption');
    expect(redeemed.map((r) => [r[col('Amount')], r[col('Converted amount')]])).toEqual([
      ['1000', '2000'],
      ['950', ''],
    ]);
    expect(of('Fee')).toEqual([
      expect.arrayContaining(['Early termination fee', 'Out', '50', 'USDT', f.serialNumber]),
    ]);
    // oldest first
    const times = rows.map((r) => r[col('Time (ISO 8601, UTC)')]!);
    expect([...times].sort()).toEqual(times);

    // in the member's language
    const zh = await statement(member, '', 'zh-tw');
    expect(parseCsv(zh.body.slice(1))[0]![0]).toBe('日期 (UTC+8)');
    expect(parseCsv(zh.body.slice(1)).some((r) => r.includes('申購'))).toBe(true);
    const cn = await statement(member, `?premiumId=${f.id}`, 'zh-cn');
    const cnRows = parseCsv(cn.body.slice(1));
    expect(cnRows[0]![2]).toBe('产品');
    expect(cnRows.slice(1).every((r) => r[3] === f.serialNumber)).toBe(true);

    // a day range: nothing after today
    const tomorrow = dayOf(t.clock.now().getTime() + DAY);
    const none = await statement(member, `?from=${tomorrow}`);
    expect(parseCsv(none.body.slice(1))).toHaveLength(1);
    expect((await statement(member, '?from=2025-13-01')).statusCode).toBe(400);

    // nobody else's rows, and only with a session
    const other = await h.funded('10');
    expect(parseCsv((await statement(other)).body.slice(1))).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/v1/premium2/Statement', undefined, {})).statusCode).toBe(
      401,
    );
  }, 90_000);
});
