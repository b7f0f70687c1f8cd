import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { english } from 'viem/accounts';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../shared/api/kyc';
import { LOCAL_CHAIN_ID } from '../shared/constants/chain';
import { defaultBlockSeconds } from '../shared/constants/deposit-rules';
import { STORE_QUOTE_MINUTES } from '../shared/constants/store';

/**
 * Server configuration, read from the environment once at boot and validated with zod.
 * An invalid environment stops the process with one message that lists every bad variable
 * (never its value). README "Configuration" lists the same variables.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type TrustProxy = boolean | number | string;

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  /** API port; in production the same process serves the built app. */
  port: number;
  host: string;
  /** PGlite data (`<dataDir>/pglite`), the generated JWT secret, api.json, uploads. */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** JSON-RPC endpoint of the EVM chain (anvil in development). */
  rpcUrl: string;
  /** EVM chain id expected at rpcUrl. */
  chainId: number;
  /** Ethereum mainnet RPC for read-only browser calls; only widens the CSP. */
  mainnetRpcUrl: string | undefined;
  /** WalletConnect Cloud project id (browser side); only widens the CSP when set. */
  walletConnectProjectId: string | undefined;
  jwtSecret: string;
  logLevel: LogLevel;
  /** Serve the built browser app from appDistDir (with SPA fallback). */
  serveApp: boolean;
  appDistDir: string;
  /** Fastify `trustProxy`: false, true, a hop count, or a comma list of addresses/CIDRs. */
  trustProxy: TrustProxy;
  /**
   * Origin of the browser app (scheme, host, port): e-mailed links point at it and SIWE messages
   * must name its host and URI. Default http://localhost:5173 outside production; required in
   * production.
   */
  appOrigin: string;
  /** Upper bound of the captcha's proof-of-work search (ALTCHA `maxnumber`). */
  captchaMaxNumber: number;
  /** multiplies every per-IP rate limit (test stacks that log in many times from one address) */
  rateLimitScale: number;
  /**
   * Key material for data encrypted at rest (authenticator secrets). When unset, a key is
   * derived from jwtSecret (then rotating JWT_SECRET makes stored authenticator secrets
   * unreadable: set DATA_KEY in production).
   */
  dataKey: string | undefined;
  /** Run the chain indexer in this process (INDEXER, default on). */
  indexer: boolean;
  /**
   * Blocks a log needs before the indexer counts it: 1 = the block containing the log is enough
   * (default on the local chain 31337), 12 elsewhere.
   */
  chainConfirmations: number;
  /** How often the indexer polls the chain, in ms (1000 on 31337, 4000 elsewhere). */
  chainPollMs: number;
  /** The first block the indexer reads (the contracts' deployment block; default 0). */
  indexerFromBlock: number;
  /**
   * Where the local upload storage keeps identity documents (UPLOADS_DIR, default
   * `<dataDir>/uploads`): outside the web root, files mode 0600.
   */
  uploadsDir: string;
  /** Largest accepted upload in bytes (UPLOAD_MAX_BYTES, default 5 MiB = UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /**
   * The legal documents the content service serves (LEGAL_DIR, default `content/legal`):
   * `<locale>/user-agreement.md` and `<locale>/privacy-policy.md`, replaceable without a build.
   */
  legalDir: string;
  /**
   * BIP-39 mnemonic of the custodial wallet (WALLET_SEED): member deposit addresses, store order
   * addresses and the EVM hot wallet are derived from it (domain/wallet/hd.ts). Required in
   * production; elsewhere the default is anvil's public test mnemonic, so the hot wallet is
   * anvil account 0 (the deployer, which holds the test tokens).
   */
  walletSeed: string;
  /** Run the wallet scheduler (withdrawal queue, store delivery, deposits) in this process (SCHEDULER, default on). */
  scheduler: boolean;
  /** How often the scheduler looks for due work, in ms (SCHEDULER_POLL_MS; 1000 on 31337, 15000 elsewhere). */
  schedulerPollMs: number;
  /** Confirmations an EVM deposit needs (DEPOSIT_CONFIRMATIONS; default 20, spec section 9). */
  depositConfirmations: number;
  /**
   * Seconds per block of the EVM chain at RPC_URL (CHAIN_BLOCK_SECONDS; 12 = Ethereum's slot,
   * 2 on the local chain 31337): with depositConfirmations it gives the expected deposit time
   * that WalletDepositInfo reports (shared/constants/deposit-rules.ts evmConfirmationSeconds).
   */
  chainBlockSeconds: number;
  /** The local BCNT price feed: USDT per BCNT (BCNT_PRICE_USDT, default "0.5"). */
  bcntPriceUsdt: string;
  /**
   * How long a BCNT store order's price holds, in minutes (STORE_QUOTE_MINUTES, 1-1440,
   * default 30): payments seen later are credited to the member's USDT balance.
   */
  storeQuoteMinutes: number;
  /**
   * Where members' exchange keys are used (EXCHANGE): `paper`, the local paper exchange inside
   * this process (default outside production), or `bitfinex`, api.bitfinex.com (default in
   * production). Both go through ccxt (server/exchange).
   */
  exchange: 'paper' | 'bitfinex';
  /** The paper exchange's port (PAPER_EXCHANGE_PORT; default 0, any free port). */
  paperExchangePort: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const JWT_SECRET_MIN = 32;
const DATA_KEY_MIN = 32;
export const DEFAULT_APP_ORIGIN = 'http://localhost:5173';
/** anvil's public test mnemonic: the development and test default of WALLET_SEED, never for production */
export const DEV_WALLET_SEED = 'test test test test test test test test test test test junk';
export const DEFAULT_CAPTCHA_MAX_NUMBER = 50_000;
export const JWT_SECRET_FILE = 'jwt-secret';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `expected a URL (${protocols.map((p) => p.replace(':', '')).join(', ')})` },
  );

const envSchema = z.object({
  // fail closed: an unset NODE_ENV is production (`npm run dev` and the tests set theirs)
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  RPC_URL: urlWithProtocols(['http:', 'https:']).default('http://127.0.0.1:8545'),
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  MAINNET_RPC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'expected a 32-character hex WalletConnect project id')
    .optional(),
  JWT_SECRET: z
    .string()
    .min(JWT_SECRET_MIN, `must be at least ${JWT_SECRET_MIN} characters`)
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SERVE_APP: booleanFromEnv.optional(),
  APP_DIST_DIR: z.string().min(1).default('dist'),
  APP_ORIGIN: urlWithProtocols(['http:', 'https:'])
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.pathname === '/' && !url.search && !url.hash && !url.username;
        } catch {
          return false;
        }
      },
      { message: 'expected an origin such as https://app.example.com (no path)' },
    )
    .transform((value) => new URL(value).origin)
    .optional(),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).optional(),
  DATA_KEY: z.string().min(DATA_KEY_MIN, `must be at least ${DATA_KEY_MIN} characters`).optional(),
  INDEXER: booleanFromEnv.optional(),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  CHAIN_POLL_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  INDEXER_FROM_BLOCK: z.coerce.number().int().min(0).optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  LEGAL_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .optional(),
  WALLET_SEED: z
    .string()
    .trim()
    .refine((value) => /^[a-z]+( [a-z]+){11,23}$/.test(value), {
      message: 'expected a BIP-39 mnemonic of 12 to 24 lower-case words',
    })
    .optional(),
  SCHEDULER: booleanFromEnv.optional(),
  SCHEDULER_POLL_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  CHAIN_BLOCK_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
  BCNT_PRICE_USDT: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,18})?$/, { message: 'expected a positive decimal, e.g. 0.5' })
    .refine((value) => /[1-9]/.test(value), { message: 'must be above zero' })
    .optional(),
  EXCHANGE: z.enum(['paper', 'bitfinex']).optional(),
  PAPER_EXCHANGE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  STORE_QUOTE_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^[A-Za-z0-9.:/]+(\s*,\s*[A-Za-z0-9.:/]+)*$/, {
      message: 'expected true, false, a hop count or a comma list of addresses/CIDRs',
    })
    .optional(),
});

type Env = Record<string, string | undefined>;

const WORD_INDEX = new Map(english.map((word, index) => [word, index]));

/** A BIP-39 mnemonic (English list) whose checksum holds: 12, 15, 18, 21 or 24 words. */
export function isValidMnemonic(mnemonic: string): boolean {
  const words = mnemonic.trim().split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) return false;
  let bits = '';
  for (const word of words) {
    const index = WORD_INDEX.get(word);
    if (index === undefined) return false;
    bits += index.toString(2).padStart(11, '0');
  }
  const checksumBits = words.length / 3;
  const entropyBits = bits.slice(0, bits.length - checksumBits);
  const entropy = Buffer.from(entropyBits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const hash = createHash('sha256').update(entropy).digest();
  const expected = [...hash]
    .map((byte) => byte.toString(2).padStart(8, '0'))
    .join('')
    .slice(0, checksumBits);
  return expected === bits.slice(bits.length - checksumBits);
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Parse the environment (empty strings count as unset) and apply overrides.
 * `resolveSecrets: false` skips JWT_SECRET handling (the operator CLI does not need it).
 */
export function loadConfig(
  env: Env = process.env,
  overrides: Partial<AppConfig> = {},
  options: { resolveSecrets?: boolean } = {},
): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in envSchema.shape && value !== undefined && value.trim() !== '',
    ),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const nodeEnv = overrides.nodeEnv ?? e.NODE_ENV;
  const production = nodeEnv === 'production';
  const localChain = (overrides.chainId ?? e.CHAIN_ID) === LOCAL_CHAIN_ID;
  const base: Omit<AppConfig, 'jwtSecret'> & { jwtSecret?: string } = {
    nodeEnv,
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    rpcUrl: e.RPC_URL,
    chainId: e.CHAIN_ID,
    mainnetRpcUrl: e.MAINNET_RPC_URL,
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    serveApp: e.SERVE_APP ?? production,
    appDistDir: path.resolve(e.APP_DIST_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    appOrigin: e.APP_ORIGIN ?? (production ? '' : DEFAULT_APP_ORIGIN),
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER ?? DEFAULT_CAPTCHA_MAX_NUMBER,
    rateLimitScale: e.RATE_LIMIT_SCALE ?? 1,
    dataKey: e.DATA_KEY,
    indexer: e.INDEXER ?? true,
    chainConfirmations: e.CHAIN_CONFIRMATIONS ?? (localChain ? 1 : 12),
    chainPollMs: e.CHAIN_POLL_MS ?? (localChain ? 1000 : 4000),
    indexerFromBlock: e.INDEXER_FROM_BLOCK ?? 0,
    uploadsDir: e.UPLOADS_DIR
      ? path.resolve(e.UPLOADS_DIR)
      : path.join(overrides.dataDir ?? path.resolve(e.DATA_DIR), 'uploads'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES,
    legalDir: path.resolve(e.LEGAL_DIR ?? 'content/legal'),
    walletSeed: e.WALLET_SEED ?? (production ? '' : DEV_WALLET_SEED),
    scheduler: e.SCHEDULER ?? true,
    schedulerPollMs: e.SCHEDULER_POLL_MS ?? (localChain ? 1000 : 15_000),
    depositConfirmations: e.DEPOSIT_CONFIRMATIONS ?? 20,
    chainBlockSeconds:
      e.CHAIN_BLOCK_SECONDS ?? defaultBlockSeconds(overrides.chainId ?? e.CHAIN_ID),
    bcntPriceUsdt: e.BCNT_PRICE_USDT ?? '0.5',
    storeQuoteMinutes: e.STORE_QUOTE_MINUTES ?? STORE_QUOTE_MINUTES,
    exchange: e.EXCHANGE ?? (production ? 'bitfinex' : 'paper'),
    paperExchangePort: e.PAPER_EXCHANGE_PORT ?? 0,
    ...stripUndefined(overrides),
  };

  if (options.resolveSecrets === false) {
    return { ...base, jwtSecret: base.jwtSecret ?? '' };
  }
  const problems: { variable: string; message: string }[] = [];
  if (!base.walletSeed) {
    problems.push({
      variable: 'WALLET_SEED',
      message: 'required in production (the BIP-39 mnemonic of the custodial wallet)',
    });
  } else if (production && base.walletSeed === DEV_WALLET_SEED) {
    problems.push({
      variable: 'WALLET_SEED',
      message: "anvil's public test mnemonic is refused in production: anyone can spend from it",
    });
  } else if (production && !isValidMnemonic(base.walletSeed)) {
    problems.push({
      variable: 'WALLET_SEED',
      message: 'fails the BIP-39 checksum (a mistyped or made-up mnemonic)',
    });
  }
  if (production && !base.dataKey) {
    problems.push({
      variable: 'DATA_KEY',
      message: `required in production (at least ${DATA_KEY_MIN} characters; encrypts authenticator secrets)`,
    });
  }
  if (production && base.trustProxy === true) {
    problems.push({
      variable: 'TRUST_PROXY',
      message:
        'true is refused in production: name the proxy hops (a number) or addresses, or any ' +
        'client could choose its own IP for every rate limit',
    });
  }
  if (!base.appOrigin) {
    problems.push({ variable: 'APP_ORIGIN', message: 'required in production (the app origin)' });
  }
  if (base.jwtSecret !== undefined) {
    if (base.jwtSecret.length < JWT_SECRET_MIN) {
      problems.push({
        variable: 'JWT_SECRET',
        message: `must be at least ${JWT_SECRET_MIN} characters`,
      });
    }
  } else if (production) {
    problems.push({
      variable: 'JWT_SECRET',
      message: `required in production (at least ${JWT_SECRET_MIN} characters)`,
    });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (base.jwtSecret !== undefined) return { ...base, jwtSecret: base.jwtSecret };
  return { ...base, jwtSecret: readOrCreateJwtSecret(base.dataDir) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Development/test only: a JWT secret generated once and kept in `<dataDir>/jwt-secret`
 * (mode 0600), so sessions survive restarts without anyone having to configure a secret.
 */
export function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= JWT_SECRET_MIN) return existing;
    throw new ConfigError([
      {
        variable: 'JWT_SECRET',
        message: `${file} holds fewer than ${JWT_SECRET_MIN} characters; delete it to regenerate`,
      },
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateJwtSecret(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** Origin of a URL (for CSP connect-src), or undefined when it cannot be parsed. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
