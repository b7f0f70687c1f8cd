import * as z from 'zod/mini';

/**
 * Browser build-time configuration, validated once at boot (STYLE.md 8). Values come from
 * `vite.config.ts` (`define`), which maps the plain env vars CHAIN_ID, RPC_URL, MAINNET_RPC_URL,
 * WALLETCONNECT_PROJECT_ID, API_BASE and NODE_ENV. Defaults apply when a value is missing or
 * empty (unit tests run without the defines).
 *
 * `zod/mini` (tree-shakable) on purpose: this module is on the landing page's first load, and
 * the full zod API would add ~25 KiB gzip there.
 */

export const browserConfigSchema = z.object({
  VITE_CHAIN_ID: z._default(z.pipe(z.coerce.number(), z.int().check(z.positive())), 31337),
  VITE_CHAIN_RPC_URL: z._default(z.url(), 'http://127.0.0.1:8545'),
  VITE_MAINNET_RPC_URL: z.optional(z.url()),
  VITE_WALLETCONNECT_PROJECT_ID: z.optional(z.string().check(z.trim(), z.minLength(1))),
  /** '' = same origin (the API serves the app in production; Vite proxies in development). */
  VITE_API_BASE: z._default(
    z.pipe(
      z.union([z.literal(''), z.url()]),
      z.transform((value: string) => value.replace(/\/+$/, '')),
    ),
    '',
  ),
  /** Anything unexpected counts as development (never enables production-only behaviour). */
  VITE_APP_ENV: z.catch(z.enum(['development', 'production', 'test']), 'development'),
});

export interface AppConfig {
  chainId: number;
  chainRpcUrl: string;
  /** undefined: Ethereum mainnet is not offered (read-only) */
  mainnetRpcUrl: string | undefined;
  /** undefined: WalletConnect is off, nothing contacts outside hosts */
  walletConnectProjectId: string | undefined;
  apiBase: string;
  appEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
}

/** Empty strings (an env var set to nothing) count as unset. */
function withoutEmpty(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key,
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    ]),
  );
}

/** Parses raw values; throws a readable error naming every bad field. */
export function parseConfig(raw: Record<string, unknown>): AppConfig {
  const parsed = browserConfigSchema.safeParse(withoutEmpty(raw));
  if (!parsed.success) {
    const fields = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid browser configuration (${fields})`);
  }
  const env = parsed.data;
  return {
    chainId: env.VITE_CHAIN_ID,
    chainRpcUrl: env.VITE_CHAIN_RPC_URL,
    mainnetRpcUrl: env.VITE_MAINNET_RPC_URL,
    walletConnectProjectId: env.VITE_WALLETCONNECT_PROJECT_ID,
    apiBase: env.VITE_API_BASE,
    appEnv: env.VITE_APP_ENV,
    isProduction: env.VITE_APP_ENV === 'production',
  };
}

// Each field is read by name so Vite's `define` replaces it in the bundle.
export const config: AppConfig = parseConfig({
  VITE_CHAIN_ID: import.meta.env.VITE_CHAIN_ID,
  VITE_CHAIN_RPC_URL: import.meta.env.VITE_CHAIN_RPC_URL,
  VITE_MAINNET_RPC_URL: import.meta.env.VITE_MAINNET_RPC_URL,
  VITE_WALLETCONNECT_PROJECT_ID: import.meta.env.VITE_WALLETCONNECT_PROJECT_ID,
  VITE_API_BASE: import.meta.env.VITE_API_BASE,
  VITE_APP_ENV: import.meta.env.VITE_APP_ENV,
});
