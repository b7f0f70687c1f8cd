// Loyalty calls without a chain (RPC_URL points nowhere): authorisation, validation, the status
// of a member with nothing on chain, the rate table, the dev clock, the ops commands and the
// indexer's configuration. The on-chain behaviour is proven in tests/chain/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltySettingSchema } from '../../src/shared/api/loyalty';
import { ROLE } from '../../src/shared/membership/levels';
import { OffsetClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { members, settings } from '../../src/server/db/schema';
import { DEFAULT_LOYALTY_RATES } from '../../src/server/domain/loyalty/rates';
import { runOpsCommand } from '../../src/server/ops/commands';
import { createMember, loginSession, post, type TestMember } from '../helpers/auth';
import { get, loyaltyStatus, memberInfoRoleId, patch } from '../helpers/loyalty';
import { cli as runCli } from '../helpers/ops-cli';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../helpers/test-app';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OPS_TOKEN = 'loyalty-ops-test-token-0123456789abcdef';

let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
  member = await createMember(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('loyalty calls: authorisation and validation', () => {
  const registerBody = {
    address: ADDRESS,
    message: 'a message',
    signature: '0x1234',
    ts: 1,
  };

  it('answer 401 without a token', async () => {
    const calls = [
      get(t.app, '/member/loyalty/status'),
      get(t.app, `/member/loyalty/alliance/check?address=${ADDRESS}`),
      post(t.app, '/member/loyalty/alliance/register', registerBody),
      patch(t.app, '/member/loyalty/alliance/unregister'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, data: null });
    }
  });

  it('are all registered as authenticated routes', () => {
    const routes = t.app.authenticatedRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /member/loyalty/status',
        'GET /member/loyalty/alliance/check',
        'POST /member/loyalty/alliance/register',
        'PATCH /member/loyalty/alliance/unregister',
      ]),
    );
  });

  it('answer 400 naming the field on a bad address', async () => {
    const badCheck = await get(t.app, '/member/loyalty/alliance/check?address=0x123', member.token);
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json()).toMatchObject({ status: 400, message: 'validation_failed' });
    expect(JSON.stringify(badCheck.json().data)).toContain('address');

    const missing = await get(t.app, '/member/loyalty/alliance/check', member.token);
    expect(missing.statusCode).toBe(400);

    const badRegister = await post(
      t.app,
      '/member/loyalty/alliance/register',
      { ...registerBody, address: 'not-an-address' },
      { token: member.token },
    );
    expect(badRegister.statusCode).toBe(400);
    expect(JSON.stringify(badRegister.json().data)).toContain('address');

    const badSignature = await post(
      t.app,
      '/member/loyalty/alliance/register',
      { ...registerBody, signature: 'zz' },
      { token: member.token },
    );
    expect(badSignature.statusCode).toBe(400);
  });

  it('register refuses a message that is not EIP-4361 (before touching the chain)', async () => {
    const res = await post(t.app, '/member/loyalty/alliance/register', registerBody, {
      token: member.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('siwe_invalid');
  });

  it('unregister without a registration answers alliance_not_registered', async () => {
    const res = await patch(t.app, '/member/loyalty/alliance/unregister', member.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('alliance_not_registered');
  });

  it('check says the chain is unreachable (502 chain_unavailable) when the chain does not answer', async () => {
    const res = await get(t.app, `/member/loyalty/alliance/check?address=${ADDRESS}`, member.token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 502, message: 'chain_unavailable', data: null });
  });
});

describe('GET /member/loyalty/status', () => {
  it('a member with nothing on chain: level 0, default thresholds, nothing listed', async () => {
    const status = await loyaltyStatus(t.app, member);
    expect(status).toEqual({
      level: 0,
      roleId: ROLE.investor,
      kycVerified: false,
      stakeLevel: 0,
      allianceLevel: 0,
      countedStake: '0',
      custodialStaked: '0',
      thresholds: { level2: '10000', level3: '50000', level4: '200000' },
      nextLevel: { level: 2, needed: '10000' },
      wallets: [],
      requests: [],
      alliance: null,
      allianceEnded: null,
      chainId: 31337,
      indexedBlock: '0',
    });
  });
});

describe('GET /api/v1/common/loyalty', () => {
  it('serves the seeded rate table, public and cacheable', async () => {
    const res = await get(t.app, '/api/v1/common/loyalty');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const data = loyaltySettingSchema.parse(res.json().data);
    expect(data).toEqual(DEFAULT_LOYALTY_RATES);
    expect(data.fixed.find((r) => r.currencyName === 'BTC')).toEqual({
      currencyName: 'BTC',
      lv1Rate: 3,
      lv2Rate: 3.5,
      lv3Rate: 4,
      lv4Rate: 4.5,
    });
    expect(data.pro.map((r) => r.currencyName)).toEqual(['USDT', 'USDC']);
    expect(data.pro[0]).toMatchObject({ lv1Rate: 8, lv4Rate: 12 });
  });

  it('reads the stored row (the migration seeded it)', async () => {
    const changed = structuredClone(DEFAULT_LOYALTY_RATES);
    changed.fixed[0]!.lv4Rate = 9.5;
    await t.database.db
      .update(settings)
      .set({ value: changed })
      .where(eq(settings.key, 'loyalty_rates'));
    try {
      const res = await get(t.app, '/api/v1/common/loyalty');
      expect(res.json().data.fixed[0].lv4Rate).toBe(9.5);
    } finally {
      await t.database.db
        .update(settings)
        .set({ value: DEFAULT_LOYALTY_RATES })
        .where(eq(settings.key, 'loyalty_rates'));
    }
  });
});

describe('dev clock', () => {
  it('GET /dev/clock answers the server time (chainTime null when the chain does not answer)', async () => {
    const res = await get(t.app, '/dev/clock');
    expect(res.json().data).toEqual({ now: t.clock.now().toISOString(), chainTime: null });
  });

  it('POST /dev/clock/advance moves the server clock', async () => {
    const before = t.clock.now().getTime();
    const res = await post(t.app, '/dev/clock/advance', { seconds: 3600 });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().data.now).getTime()).toBe(before + 3600_000);
    expect(t.clock.now().getTime()).toBe(before + 3600_000);
    member.token = (await loginSession(t.app, member)).token; // the clock jump expired it
  });

  it('refuses a bad body', async () => {
    for (const body of [{ seconds: 0 }, { seconds: -5 }, { seconds: 1.5 }, {}]) {
      const res = await post(t.app, '/dev/clock/advance', body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({
      config: {
        nodeEnv: 'production',
        appOrigin: 'https://app.example.com',
        // production refuses anvil's test mnemonic and needs DATA_KEY
        walletSeed:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        dataKey: 'a-production-data-key-of-32-chars-at-least',
      },
    });
    try {
      expect((await get(prod.app, '/dev/clock')).statusCode).toBe(404);
      expect((await post(prod.app, '/dev/clock/advance', { seconds: 60 })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('OffsetClock runs at system time plus what it was advanced by', () => {
    let system = 1_000_000;
    const clock = new OffsetClock(() => system);
    expect(clock.now().getTime()).toBe(1_000_000);
    clock.advance(14 * 24 * 3600_000);
    system += 5;
    expect(clock.now().getTime()).toBe(1_000_005 + 14 * 24 * 3600_000);
    expect(clock.offset).toBe(14 * 24 * 3600_000);
    expect(() => clock.advance(-1)).toThrow();
  });
});

describe('ops: member verify and loyalty rates', () => {
  it('member/verify sets the kyc2 bit: level 1 everywhere the member sees its roleId', async () => {
    const m = await createMember(t.app);
    const view = (await runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/verify', {
      email: m.email.toUpperCase(),
    })) as { roleId: number; level: number; roles: string[] };
    expect(view).toMatchObject({ roleId: ROLE.investor | ROLE.kyc2, level: 1 });
    expect(view.roles).toEqual(['investor', 'kyc2']);
    expect(await memberInfoRoleId(t.app, m)).toBe(ROLE.investor | ROLE.kyc2);
    expect((await loyaltyStatus(t.app, m)).kycVerified).toBe(true);

    // Through the loopback ops route (the CLI's path while an API holds PGlite).
    const viaRoute = await t.app.inject({
      method: 'POST',
      url: '/ops/member/verify',
      remoteAddress: '127.0.0.1',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { email: m.email },
    });
    expect(viaRoute.json().data).toMatchObject({ roleId: ROLE.investor | ROLE.kyc2, level: 1 });

    await expect(
      runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/verify', {
        email: 'ghost@example.com',
      }),
    ).rejects.toThrow(/No member/);
  });

  it('member/roles --set never stores a loyalty bit', async () => {
    const m = await createMember(t.app);
    const view = (await runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/roles', {
      email: m.email,
      set: ROLE.investor | ROLE.kyc2 | ROLE.level4Member,
    })) as { roleId: number; storedRoleId: number; level: number };
    expect(view).toMatchObject({
      roleId: ROLE.investor | ROLE.kyc2,
      storedRoleId: ROLE.investor | ROLE.kyc2,
      level: 1,
    });
  });

  it('loyalty/rates shows the table', async () => {
    const rates = await runOpsCommand({ db: t.database.db, clock: t.clock }, 'loyalty/rates', {});
    expect(rates).toEqual(DEFAULT_LOYALTY_RATES);
  });
});

describe('ops CLI: member verify, loyalty rates', () => {
  let dataDir: string;
  let testDb: TestDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bcnt-ops-loyalty-'));
    // the CLI runs on this database (a copy of the migrated template; PostgreSQL in CI)
    testDb = await createTestDatabase();
    const database = testDb.database;
    const now = new Date();
    await database.db.insert(members).values({
      email: 'verify-cli@example.com',
      nickname: 'Cli',
      passwordHash: 'not-a-real-hash',
      roleId: ROLE.investor,
      accountType: 'individual',
      referralCode: 'VERIFY22',
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  });
  afterAll(async () => {
    await testDb?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[]) => runCli(args, { DATA_DIR: dataDir }, testDb.database);

  it('verifies a member and prints the rate table', async () => {
    const verified = await cli(['member', 'verify', 'verify-cli@example.com']);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain('roleId: 66  [investor, kyc2]  level 1');
    expect((await cli(['member', 'verify'])).code).toBe(2);

    const rates = await cli(['loyalty', 'rates']);
    expect(rates.code, rates.stderr).toBe(0);
    expect(rates.stdout).toMatch(/fixed\s+BTC\s+3\s+3\.5\s+4\s+4\.5/);
    expect(rates.stdout).toMatch(/pro\s+USDT\s+8\s+9\s+10\s+12/);
  }, 180_000);
});

describe('indexer configuration', () => {
  it('defaults: 1 confirmation and 1 s polling on 31337, 12 and 4 s elsewhere; on by default', () => {
    const local = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
    expect(local).toMatchObject({
      indexer: true,
      chainConfirmations: 1,
      chainPollMs: 1000,
      indexerFromBlock: 0,
    });
    const mainnet = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), CHAIN_ID: '1' });
    expect(mainnet).toMatchObject({ chainConfirmations: 12, chainPollMs: 4000 });
    const set = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      INDEXER: 'false',
      CHAIN_CONFIRMATIONS: '3',
      CHAIN_POLL_MS: '250',
      INDEXER_FROM_BLOCK: '1200',
    });
    expect(set).toMatchObject({
      indexer: false,
      chainConfirmations: 3,
      chainPollMs: 250,
      indexerFromBlock: 1200,
    });
  });

  it('refuses bad values naming the variable', () => {
    for (const [variable, value] of [
      ['CHAIN_CONFIRMATIONS', '0'],
      ['CHAIN_POLL_MS', 'often'],
      ['INDEXER', 'maybe'],
    ] as const) {
      expect(() =>
        loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), [variable]: value }),
      ).toThrow(new RegExp(variable));
    }
  });

  it('the app exposes the indexer; with the RPC down a tick reports it and the API keeps answering', async () => {
    const result = await t.app.indexer.tick();
    expect(result.status).toBe('unavailable');
    expect(t.app.indexer.running).toBe(false);
    expect((await get(t.app, '/health')).statusCode).toBe(200);
  });
});
