// Property-based fuzzing of every route the app registers (public, member and ops): bodies,
// queries and path parameters built from each route's own zod schema (its field names) with
// hostile values: huge strings, NUL characters, unicode, numbers as strings and beyond 2^31 and
// 2^53, prototype keys, wrong types, nesting. Whatever arrives, the answer is never a 5xx, never
// carries a stack trace, and a refused request (4xx) changes nothing in the database.
// `FUZZ_RUNS=50 FUZZ_SEED=<n> FUZZ_REPORT=/tmp/fuzz.txt npx vitest run tests/api/fuzz-routes.test.ts`
// searches wider and writes every finding to the report file.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/plugins/auth';
import { createMember, freshIp, loginSession } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Requests per route: `FUZZ_RUNS` (CI's PostgreSQL lane runs more). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
/** fixed unless asked otherwise, so a failure is reproduced by the same run */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const OPS_TOKEN = 'fuzz-ops-token-0123456789abcdef';

/** Routes the fuzzer leaves out, and why. */
const SKIPPED: Record<string, string> = {
  // multipart uploads: a body of files, not JSON (tests/api/kyc-uploads.test.ts refuses bad ones)
  'POST /api/v1/user/kyc/upload': 'multipart',
};

const NUMERIC_STRINGS = [
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x7fffffff',
  ' 1 ',
  '1.0000000000000000001',
  '00000000000000000000000000000000000000001',
];
const NASTY_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🦄 ‮',
  '%00%ff',
];

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS, ...NUMERIC_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53 + 2, -1, -(2 ** 31) - 1, 0, 1e308, 0.5, -0),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileScalar, { maxKeys: 3 }) },
);

/** The object shape inside a zod schema (through pipes, refinements, optionals), if any. */
function shapeOf(schema: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!schema || typeof schema !== 'object' || depth > 6) return undefined;
  const s = schema as { shape?: unknown; _zod?: { def?: Record<string, unknown> } };
  if (s.shape && typeof s.shape === 'object') return s.shape as Record<string, unknown>;
  const def = s._zod?.def;
  if (!def) return undefined;
  for (const key of ['in', 'innerType', 'schema', 'left']) {
    const inner = shapeOf(def[key], depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/** A body for the schema: its fields with hostile values (some left out), or a hostile whole. */
function bodyFor(schema: unknown): fc.Arbitrary<string> {
  const shape = shapeOf(schema);
  const record = shape
    ? fc.record(Object.fromEntries(Object.keys(shape).map((key) => [key, hostileValue])), {
        requiredKeys: [],
      })
    : fc.dictionary(hostileString, hostileValue, { maxKeys: 4 });
  return fc.oneof(
    { weight: 6, arbitrary: record.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
        '[]',
        '{}',
        '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
      ),
    },
  );
}

/** A query string for the schema: its fields with hostile values, arrays as repeated keys. */
function queryFor(schema: unknown): fc.Arbitrary<string> {
  const keys = Object.keys(shapeOf(schema) ?? {});
  const names = keys.length > 0 ? fc.constantFrom(...keys) : hostileString;
  return fc
    .array(fc.tuple(names, fc.oneof(hostileString, hostileNumber.map(String))), { maxLength: 5 })
    .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString());
}

/** The URL with each `:param` replaced by a hostile value. */
function urlFor(url: string): fc.Arbitrary<string> {
  const params = url.match(/:[A-Za-z]+\??/g) ?? [];
  if (params.length === 0) return fc.constant(url);
  return fc
    .tuple(...params.map(() => fc.oneof(hostileString, hostileNumber.map(String))))
    .map((values) =>
      params.reduce(
        (acc, param, i) => acc.replace(param, encodeURIComponent(values[i] || 'x')),
        url,
      ),
    );
}

let t: TestApp;
let token: string;
let routes: RouteEntry[];

/**
 * Tables a refused request may write to: the bookkeeping of refusals themselves (rate-limit
 * counters, failed-attempt and activity logs), never the state a request asks to change.
 */
const BOOKKEEPING = new Set<string>(['rate_limits']);

let tableNames: string[] = [];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Row counts of every other table: what a refused request must leave as it was. */
async function fingerprint(): Promise<Record<string, number>> {
  if (tableNames.length === 0) {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    tableNames = tables.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name));
  }
  const [row] = await rows<Record<string, string>>(
    sql.raw(
      `select ${tableNames.map((name) => `(select count(*) from "${name}") as "${name}"`).join(', ')}`,
    ),
  );
  return Object.fromEntries(tableNames.map((name) => [name, Number(row![name])]));
}

function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((name) => after[name] !== before[name]);
}

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
  const member = await createMember(t.app);
  token = (await loginSession(t.app, member)).token;
  routes = t.app.routeTable.filter((r) => !SKIPPED[`${r.method} ${r.url}`]);
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing every route with hostile input', () => {
  it('finds the routes of every service', () => {
    const urls = routes.map((r) => r.url);
    for (const prefix of ['/member/', '/api/v1/', '/token/', '/quotation/', '/content/', '/ops/'])
      expect(
        urls.some((url) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('never answers 5xx or a stack trace; a refusal changes nothing', async () => {
    const problems: string[] = [];
    for (const [index, route] of routes.entries()) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const sendsBody = method !== 'GET' && method !== 'DELETE';
      const request = fc.record({
        url: urlFor(route.url),
        query: queryFor(route.schema?.querystring),
        body: sendsBody ? bodyFor(route.schema?.body) : fc.constant(undefined),
      });
      const samples = fc.sample(request, { numRuns: RUNS, seed: SEED + index });
      // the tables are counted around the route's batch: when every request of it was refused,
      // nothing may have changed (a batch with an accepted request may change what it asked for)
      const before = await fingerprint();
      let allRefused = true;
      for (const sample of samples) {
        const url = sample.query ? `${sample.url}?${sample.query}` : sample.url;
        const res = await t.app.inject({
          method,
          url,
          // the ops routes answer only on loopback; the others get a fresh address each time,
          // so an address limit does not hide the handler behind a 429
          remoteAddress: route.url.startsWith('/ops/') ? '127.0.0.1' : freshIp(),
          headers: {
            authorization: `Bearer ${token}`,
            'x-ops-token': OPS_TOKEN,
            ...(sample.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(sample.body === undefined ? {} : { payload: sample.body }),
        });
        const where = `${method} ${url.slice(0, 120)} ${String(sample.body).slice(0, 120)}`;
        // the test app's chain is unreachable on purpose: that answer is the right one
        const chainDown =
          res.statusCode === 502 && res.body.includes('"message":"chain_unavailable"');
        if (res.statusCode >= 500 && !chainDown)
          problems.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
        if (/\n\s+at |node_modules|\.ts:\d+/.test(res.body)) problems.push(`stack trace ${where}`);
        if (res.statusCode < 400) allRefused = false;
      }
      if (allRefused) {
        const changed = changedTables(before, await fingerprint());
        if (changed.length > 0)
          problems.push(`refused requests changed ${changed.join(' ')}: ${method} ${route.url}`);
      }
    }
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, problems.join('\n'));
    expect(problems).toEqual([]);
  }, 600_000);
});
