import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  ConfigError,
  DEV_WALLET_SEED,
  isValidMnemonic,
  JWT_SECRET_FILE,
  loadConfig,
} from '../../src/server/config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bcnt-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SEED =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SECRET = 'a-production-secret-of-at-least-32-chars!';
const DATA_KEY = 'a-production-data-key-of-32-chars-at-least';

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults in development', () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      walletConnectProjectId: undefined,
      logLevel: 'info',
      serveApp: false,
      appDistDir: path.resolve('dist'),
      trustProxy: false,
    });
  });

  it('defaults differ in production: all interfaces, serve the app', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATA_KEY,
      APP_ORIGIN: 'https://app.example.com',
      WALLET_SEED: SEED,
      DATA_DIR: tempDir(),
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      serveApp: true,
      jwtSecret: SECRET,
      appOrigin: 'https://app.example.com',
    });
  });

  it('production without JWT_SECRET fails, naming the variable', () => {
    const error = configError(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_ORIGIN: 'https://app.example.com',
        WALLET_SEED: SEED,
        DATA_KEY,
        DATA_DIR: tempDir(),
      }),
    );
    expect(error.problems.map((p) => p.variable)).toEqual(['JWT_SECRET']);
    expect(error.message).toMatch(/JWT_SECRET: required in production/);
  });

  it('identity settings: APP_ORIGIN (required in production), CAPTCHA_MAX_NUMBER, DATA_KEY', () => {
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(dev).toMatchObject({
      appOrigin: 'http://localhost:5173',
      captchaMaxNumber: 50_000,
      dataKey: undefined,
    });
    const set = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: tempDir(),
      APP_ORIGIN: 'https://App.Example.com:8443/',
      CAPTCHA_MAX_NUMBER: '1000',
      DATA_KEY: 'k'.repeat(32),
    });
    expect(set).toMatchObject({
      appOrigin: 'https://app.example.com:8443',
      captchaMaxNumber: 1000,
      dataKey: 'k'.repeat(32),
    });
    const prod = configError(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        DATA_KEY,
        WALLET_SEED: SEED,
        DATA_DIR: tempDir(),
      }),
    );
    expect(prod.problems.map((p) => p.variable)).toEqual(['APP_ORIGIN']);
    const bad = configError(() =>
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: tempDir(),
        APP_ORIGIN: 'https://app.example.com/path',
        CAPTCHA_MAX_NUMBER: '0',
        DATA_KEY: 'short-data-key',
      }),
    );
    expect(bad.problems.map((p) => p.variable).sort()).toEqual([
      'APP_ORIGIN',
      'CAPTCHA_MAX_NUMBER',
      'DATA_KEY',
    ]);
    expect(bad.message).not.toContain('short-data-key');
  });

  it('wallet settings: WALLET_SEED required in production and never printed, scheduler, deposits, price', () => {
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(dev).toMatchObject({
      walletSeed: DEV_WALLET_SEED,
      scheduler: true,
      schedulerPollMs: 1000,
      depositConfirmations: 20,
      chainBlockSeconds: 2,
      bcntPriceUsdt: '0.5',
    });
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), CHAIN_ID: '1' }).chainBlockSeconds,
    ).toBe(12);
    expect(
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: tempDir(),
        CHAIN_ID: '1',
        CHAIN_BLOCK_SECONDS: '5',
      }).chainBlockSeconds,
    ).toBe(5);
    const missing = configError(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        DATA_KEY,
        APP_ORIGIN: 'https://app.example.com',
        DATA_DIR: tempDir(),
      }),
    );
    expect(missing.problems.map((p) => p.variable)).toEqual(['WALLET_SEED']);
    const bad = configError(() =>
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: tempDir(),
        WALLET_SEED: 'Secret Words Not A Mnemonic',
        DEPOSIT_CONFIRMATIONS: '0',
        CHAIN_BLOCK_SECONDS: '0',
        BCNT_PRICE_USDT: '0',
        SCHEDULER: 'maybe',
      }),
    );
    expect(bad.problems.map((p) => p.variable).sort()).toEqual([
      'BCNT_PRICE_USDT',
      'CHAIN_BLOCK_SECONDS',
      'DEPOSIT_CONFIRMATIONS',
      'SCHEDULER',
      'WALLET_SEED',
    ]);
    expect(bad.message).not.toContain('Secret Words');
    expect(
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: tempDir(),
        DEPOSIT_CONFIRMATIONS: '3',
        SCHEDULER: 'false',
      }),
    ).toMatchObject({ depositConfirmations: 3, scheduler: false });
  });

  it('a short JWT_SECRET fails without printing it', () => {
    const error = configError(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret-value' }),
    );
    expect(error.message).toContain('JWT_SECRET');
    expect(error.message).not.toContain('short-secret-value');
  });

  it('lists every bad variable at once', () => {
    const error = configError(() =>
      loadConfig({
        NODE_ENV: 'staging',
        PORT: 'eighty',
        RPC_URL: 'not a url',
        CHAIN_ID: '-5',
        DATABASE_URL: 'mysql://localhost/db',
        SERVE_APP: 'maybe',
        LOG_LEVEL: 'loud',
        WALLETCONNECT_PROJECT_ID: 'xyz',
      }),
    );
    expect(error.problems.map((p) => p.variable).sort()).toEqual(
      [
        'CHAIN_ID',
        'DATABASE_URL',
        'LOG_LEVEL',
        'NODE_ENV',
        'PORT',
        'RPC_URL',
        'SERVE_APP',
        'WALLETCONNECT_PROJECT_ID',
      ].sort(),
    );
    expect(error.message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('treats empty values as unset and parses booleans, numbers and TRUST_PROXY', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: tempDir(),
      PORT: '',
      DATABASE_URL: '',
      SERVE_APP: '1',
      CHAIN_ID: '1',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      HOST: '::',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      serveApp: true,
      chainId: 1,
      trustProxy: 2,
      logLevel: 'warn',
      host: '::',
    });
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), TRUST_PROXY: 'true' }).trustProxy,
    ).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: tempDir(),
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      }).trustProxy,
    ).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir() }).logLevel).toBe('silent');
  });

  it('development generates the JWT secret once, keeps it in DATA_DIR/jwt-secret (0600) and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', '.data');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);

    // an explicit JWT_SECRET wins and does not touch the file
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret,
    ).toBe(SECRET);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
  });

  it('refuses a damaged secret file instead of silently replacing it', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, JWT_SECRET_FILE), 'short\n');
    const error = configError(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    expect(error.message).toMatch(/delete it to regenerate/);
  });

  it('buildApp refuses to start in production without JWT_SECRET', async () => {
    await expect(
      buildApp({
        env: { NODE_ENV: 'production', DATA_DIR: tempDir() },
        db: { inMemory: true },
        logger: false,
      }),
    ).rejects.toThrow(ConfigError);
  });

  it('fails closed: unset NODE_ENV is production; production refuses the test mnemonic, a bad checksum, no DATA_KEY and TRUST_PROXY=true', () => {
    const production = {
      JWT_SECRET: SECRET,
      APP_ORIGIN: 'https://app.example.com',
      WALLET_SEED: SEED,
      DATA_KEY,
      DATA_DIR: tempDir(),
    };
    // no NODE_ENV: production defaults and rules (no dev routes, no generated secret)
    expect(loadConfig(production)).toMatchObject({ nodeEnv: 'production', serveApp: true });
    expect(
      configError(() => loadConfig({ DATA_DIR: tempDir() })).problems.map((p) => p.variable),
    ).toEqual(expect.arrayContaining(['WALLET_SEED', 'APP_ORIGIN', 'JWT_SECRET', 'DATA_KEY']));

    const refused = (env: Record<string, string>) =>
      configError(() => loadConfig({ ...production, ...env })).problems;
    const testSeed = refused({ WALLET_SEED: DEV_WALLET_SEED });
    expect(testSeed).toEqual([
      expect.objectContaining({ variable: 'WALLET_SEED', message: expect.stringMatching(/anvil/) }),
    ]);
    // a real word list with the last word changed: the checksum fails
    const words = SEED.split(' ');
    const typo = [...words.slice(0, -1), words.at(-1) === 'abandon' ? 'ability' : 'abandon'];
    expect(isValidMnemonic(SEED)).toBe(true);
    expect(isValidMnemonic(typo.join(' '))).toBe(false);
    expect(isValidMnemonic(DEV_WALLET_SEED)).toBe(true);
    expect(refused({ WALLET_SEED: typo.join(' ') })).toEqual([
      expect.objectContaining({
        variable: 'WALLET_SEED',
        message: expect.stringMatching(/checksum/),
      }),
    ]);
    expect(refused({ DATA_KEY: '' }).map((p) => p.variable)).toEqual(['DATA_KEY']);
    const proxy = refused({ TRUST_PROXY: 'true' });
    expect(proxy.map((p) => p.variable)).toEqual(['TRUST_PROXY']);
    expect(proxy[0]!.message).toMatch(/choose its own IP/);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.1' }).trustProxy).toBe('10.0.0.1');
    // the same in development is allowed
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), TRUST_PROXY: 'true' }).trustProxy,
    ).toBe(true);
  });
});
