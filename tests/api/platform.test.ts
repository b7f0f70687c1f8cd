import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { helmetOptions } from '../../src/server/plugins/security';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('envelope', () => {
  it.each([
    ['GET', '/api/v1/no/SuchCall'],
    ['POST', '/member/noSuchCall'],
    ['GET', '/token/no-such-call'],
    ['GET', '/quotation/no-such-call'],
    ['GET', '/content/no-such-call'],
    ['GET', '/some/app/route'],
    ['DELETE', '/health'],
  ])('%s %s (unknown) -> 404 envelope', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ status: 404, message: 'not_found', data: null });
  });

  it('a body of an unsupported type gets a 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/member/contactUs',
      remoteAddress: '10.30.0.1',
      headers: { 'content-type': 'application/xml' },
      payload: '<contact/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 415, message: 'unsupported_media_type', data: null });
  });

  it('a body over 1 MiB gets a 413 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/member/contactUs',
      remoteAddress: '10.30.0.2',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, message: 'payload_too_large' });
  });

  it('an internal failure is a 500 envelope with the generic message and no details', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close(); // every query now fails
      const res = await broken.app.inject({ method: 'GET', url: '/api/v1/setting/MaintainStatus' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        status: 500,
        message: 'The server is currently busy, please try again later.',
        data: null,
      });
      expect(res.body).not.toMatch(/stack|Error:|\.ts:/);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('security headers (helmet)', () => {
  it('sets a CSP allowing our own scripts and the configured RPC origin, plus the usual headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/common/LanguageList' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('walletconnect');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("are exactly @fastify/helmet's for these options, on answers, refusals and 404s", async () => {
    const reference = Fastify();
    await reference.register(fastifyHelmet, {
      global: true,
      ...helmetOptions(t.app.config),
    } as FastifyHelmetOptions);
    reference.get('/', async () => ({}));
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();
    const names = Object.keys(expected).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    );
    expect(names).toContain('content-security-policy');
    for (const request of [
      { method: 'GET', url: '/api/v1/common/LanguageList' },
      { method: 'GET', url: '/api/v1/nothing' },
      { method: 'POST', url: '/member/ico/getMemberInfo' }, // 401
      { method: 'POST', url: '/member/contactUs', payload: '{"broken' }, // 400
    ] as const) {
      const res = await t.app.inject({
        ...request,
        headers: { 'content-type': 'application/json' },
      });
      for (const name of names)
        expect([request.url, name, res.headers[name]]).toEqual([request.url, name, expected[name]]);
    }
  });

  it('also on 404 envelopes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('allows WalletConnect and the mainnet RPC only when configured', async () => {
    const wc = await createTestApp({
      config: {
        walletConnectProjectId: '0123456789abcdef0123456789abcdef',
        mainnetRpcUrl: 'https://eth.example.org/v1/key',
      },
      database: t.database,
    });
    try {
      const res = await wc.app.inject({ method: 'GET', url: '/api/v1/common/LanguageList' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('https://eth.example.org');
      expect(csp).not.toContain('/v1/key');
      expect(csp).toContain('wss://*.walletconnect.org');
    } finally {
      await wc.app.close();
    }
  });
});

describe('GET /health', () => {
  let rpc: Server;
  let rpcUrl: string;
  let answerChainId = '0x7a69';
  beforeAll(async () => {
    rpc = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const request = JSON.parse(body) as { id: number; method: string };
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: request.id,
            result: request.method === 'eth_chainId' ? answerChainId : null,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => rpc.listen(0, '127.0.0.1', resolve));
    rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => rpc.close(resolve));
  });

  it('reports db up and chain down when nothing answers at RPC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 0,
      message: 'success',
      data: { ok: false, db: true, chain: false },
    });
  });

  it('reports ok when the node answers eth_chainId with CHAIN_ID, not when it is another chain', async () => {
    const withChain = await createTestApp({
      config: { rpcUrl, chainId: 31337 },
      database: t.database,
    });
    try {
      answerChainId = '0x7a69';
      const good = await withChain.app.inject({ method: 'GET', url: '/health' });
      expect(good.json().data).toEqual({ ok: true, db: true, chain: true });
      answerChainId = '0x1';
      const wrong = await withChain.app.inject({ method: 'GET', url: '/health' });
      expect(wrong.json().data).toEqual({ ok: false, db: true, chain: false });
    } finally {
      await withChain.app.close();
    }
  });

  it('is a 503 envelope when the database does not answer, and is not rate limited', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 503,
        message: 'unhealthy',
        data: { ok: false, db: false, chain: false },
      });
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('global rate limit', () => {
  it('applies a generous per-IP default to every route, counted in the database', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/common/CurrencyList',
      remoteAddress: '10.40.0.1',
    });
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    expect(res.headers['x-ratelimit-remaining']).toBe('599');
    const again = await t.app.inject({
      method: 'POST',
      url: '/member/common/getCountryList',
      remoteAddress: '10.40.0.1',
    });
    expect(again.headers['x-ratelimit-remaining']).toBe('598');
  });
});

describe('/dev routes', () => {
  it('exist outside production and read the server clock', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/clock' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 0,
      message: 'success',
      // chainTime: the local chain's latest block time (null: this app's RPC points nowhere)
      data: { now: t.clock.now().toISOString(), chainTime: null },
    });
  });

  it('are not registered in production', async () => {
    const prod = await createTestApp({
      config: {
        nodeEnv: 'production',
        serveApp: false,
        appOrigin: 'https://app.example.com',
        // production refuses anvil's test mnemonic and needs DATA_KEY
        walletSeed:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        dataKey: 'a-production-data-key-of-32-chars-at-least',
      },
      database: t.database,
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/clock' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('not_found');
    } finally {
      await prod.app.close();
    }
  });
});

describe('logs', () => {
  it('redacts authorization headers, passwords, tokens and secrets', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', JWT_SECRET: TEST_JWT_SECRET });
    const log = pino(loggerOptions(config) as pino.LoggerOptions, sink);
    log.info(
      {
        req: {
          headers: {
            authorization: 'Bearer abc.def.ghi',
            cookie: 'sid=1',
            'x-ops-token': 'opstoken',
          },
        },
        body: { email: 'a@b.co', password: 'hunter22', refreshToken: 'rt-123' },
        secret: 'top-secret',
        config: { jwtSecret: TEST_JWT_SECRET, databaseUrl: 'postgres://u:pw@h/db' },
      },
      'request',
    );
    const out = lines.join('');
    for (const leaked of [
      'abc.def.ghi',
      'sid=1',
      'opstoken',
      'hunter22',
      'rt-123',
      'top-secret',
      TEST_JWT_SECRET,
      'u:pw',
    ]) {
      expect(out).not.toContain(leaked);
    }
    expect(out).toContain('a@b.co');
    expect(out).toContain('[redacted]');
  });
});
