import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, rateLimits } from '../../src/server/db/schema';
import { listContactRequests } from '../../src/server/domain/contact';
import { createTestApp, type TestApp } from '../helpers/test-app';

const OPS_TOKEN = 'contact-test-ops-token-0123456789abcdef';
let t: TestApp;
let ipCounter = 0;
/** A fresh client address per test, so the contact rate limit (5 / 10 min / IP) stays out of the way. */
const freshIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const validBody = {
  name: 'Alice Chen',
  phone: '+886 912 345 678',
  email: 'alice@example.com',
  message: 'I would like to know more about stable income.',
  product: 2,
};

function contact(
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof payload === 'string';
  return t.app.inject({
    method: 'POST',
    url: '/member/contactUs',
    remoteAddress: options.ip ?? freshIp(),
    headers: { ...(raw ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as string | object }),
  });
}

describe('POST /member/contactUs', () => {
  it('stores the request and answers data.status 0 with its id', async () => {
    const ip = freshIp();
    const res = await contact(
      { ...validBody, name: '  Alice Chen  ' },
      { ip, headers: { 'accept-language': 'zh-tw' } },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 0, message: 'success', data: { status: 0 } });
    expect(body.data.id).toEqual(expect.any(Number));

    const [row] = await t.database.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, body.data.id));
    expect(row).toMatchObject({
      name: 'Alice Chen',
      phone: '+886 912 345 678',
      email: 'alice@example.com',
      message: validBody.message,
      product: 2,
      locale: 'zh-TW',
      ip,
    });
    expect(row?.createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('resolves the locale from Accept-Language (ko-KR and none fall back to en-US) and defaults the message', async () => {
    const { message: _omit, ...withoutMessage } = validBody;
    const ko = await contact(withoutMessage, { headers: { 'accept-language': 'ko-KR,ko;q=0.9' } });
    const none = await contact({ ...validBody, product: 4 });
    const cn = await contact(
      { ...validBody, product: 1 },
      { headers: { 'accept-language': 'zh-cn' } },
    );
    const rows = await t.database.db.select().from(contactRequests);
    const byId = (id: number) => rows.find((r) => r.id === id);
    expect(byId(ko.json().data.id)).toMatchObject({ locale: 'en-US', message: '' });
    expect(byId(none.json().data.id)).toMatchObject({ locale: 'en-US', product: 4 });
    expect(byId(cn.json().data.id)).toMatchObject({ locale: 'zh-CN', product: 1 });
  });

  it('is listed newest first by the domain function and the ops route', async () => {
    t.clock.advance(1000);
    const latest = await contact({
      ...validBody,
      name: 'Latest Person',
      email: 'latest@example.com',
    });
    const id = latest.json().data.id as number;

    const listed = await listContactRequests(t.database.db, { limit: 2 });
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      id,
      name: 'Latest Person',
      createdAt: t.clock.now().toISOString(),
    });

    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/contact/list',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { limit: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([listed[0]]);

    const all = await listContactRequests(t.database.db, { limit: 100 });
    expect(all.length).toBeGreaterThanOrEqual(5);
  });

  describe('bad bodies get a 400 envelope naming the field', () => {
    const cases: [string, unknown, string, RegExp?][] = [
      ['missing field (email)', { ...validBody, email: undefined }, 'email'],
      [
        'missing field (name)',
        { phone: validBody.phone, email: validBody.email, product: 1 },
        'name',
      ],
      ['wrong type (product as string)', { ...validBody, product: '2' }, 'product'],
      ['wrong type (name as number)', { ...validBody, name: 42 }, 'name'],
      ['oversized string (name > 100)', { ...validBody, name: 'a'.repeat(101) }, 'name'],
      ['oversized string (message > 2000)', { ...validBody, message: 'm'.repeat(2001) }, 'message'],
      [
        'invalid email',
        { ...validBody, email: 'alice@example' },
        'email',
        /Incorrect email format/,
      ],
      ['invalid mobile', { ...validBody, phone: 'call me' }, 'phone', /Incorrect mobile format/],
      ['product out of range (5)', { ...validBody, product: 5 }, 'product'],
      ['empty name after trimming', { ...validBody, name: '   ' }, 'name'],
      ['no body at all', undefined, 'body'],
      ['a JSON array instead of an object', [validBody], 'body'],
      ['malformed JSON', '{"name": "Alice",', 'body'],
    ];
    it.each(cases)('%s', async (_label, payload, field, messagePattern) => {
      const before = (await t.database.db.select().from(contactRequests)).length;
      const res = await contact(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status).toBe(400);
      expect(body.message).toBe('validation_failed');
      expect(body.data.field).toBe(field);
      expect(body.data.issues[0].field).toBe(field);
      if (messagePattern) expect(body.data.issues[0].message).toMatch(messagePattern);
      expect(res.body).not.toMatch(/stack|at .*\(.*\.ts/);
      expect((await t.database.db.select().from(contactRequests)).length).toBe(before);
    });
  });

  it('is rate limited per IP: 5 per 10 minutes, then a 429 envelope; the window reopens after 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 5; i += 1) {
      const res = await contact(validBody, { ip });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const limited = await contact(validBody, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 429,
      message: 'rate_limited',
      data: { retryAfter: 600 },
    });
    expect(limited.headers['retry-after']).toBe('600');

    // another client is not affected
    expect((await contact(validBody)).statusCode).toBe(200);

    // the counter lives in the database
    const rows = await t.database.db.select().from(rateLimits);
    expect(
      rows.some(
        (row) =>
          row.key.endsWith(`|ip:${ip}`) && row.key.includes('/member/contactUs') && row.hits === 6,
      ),
    ).toBe(true);

    t.clock.advance(10 * 60_000);
    expect((await contact(validBody, { ip })).statusCode).toBe(200);
  });

  it('shares the limit between API processes on one database', async () => {
    const other = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const ip = freshIp();
      for (let i = 0; i < 5; i += 1) {
        const app = i % 2 === 0 ? t.app : other.app;
        const res = await app.inject({
          method: 'POST',
          url: '/member/contactUs',
          remoteAddress: ip,
          payload: validBody,
        });
        expect(res.statusCode).toBe(200);
      }
      const res = await other.app.inject({
        method: 'POST',
        url: '/member/contactUs',
        remoteAddress: ip,
        payload: validBody,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('rate_limited');
    } finally {
      await other.app.close();
    }
  });

  it('RATE_LIMIT_SCALE multiplies the per-IP limits (for test stacks only)', async () => {
    const scaled = await createTestApp({
      database: t.database,
      clock: t.clock,
      config: { rateLimitScale: 2 },
    });
    try {
      const ip = freshIp();
      for (let i = 0; i < 10; i += 1) {
        const res = await scaled.app.inject({
          method: 'POST',
          url: '/member/contactUs',
          remoteAddress: ip,
          payload: validBody,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBe('10');
      }
      const res = await scaled.app.inject({
        method: 'POST',
        url: '/member/contactUs',
        remoteAddress: ip,
        payload: validBody,
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await scaled.app.close();
    }
  });
});
