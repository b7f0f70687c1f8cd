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
  /** Footer: support lines shown to members (SUPPORT_EMAIL, SUPPORT_PHONE). */
  VITE_SUPPORT_EMAIL: z._default(z.email(), 'support@bcnt.example'),
  VITE_SUPPORT_PHONE: z._default(
    z.string().check(z.regex(/^\+?[\d\s()-]{6,24}$/)),
    '+886 2 2700 1234',
  ),
  /** Footer: Help Center (English; Traditional Chinese), Blog. Absolute URLs or app paths. */
  VITE_HELP_CENTER_URL: z.optional(z.string().check(z.regex(/^(https:\/\/|\/(?!\/))/))),
  VITE_HELP_CENTER_URL_ZH_TW: z.optional(z.string().check(z.regex(/^(https:\/\/|\/(?!\/))/))),
  VITE_BLOG_URL: z.optional(z.string().check(z.regex(/^(https:\/\/|\/(?!\/))/))),
  /**
   * The earn dashboard's access pass (EARN_ACCESS_PASS_SHA256): the SHA-256 of the pass in hex,
   * so the bundle never holds the pass itself. Unset: the dashboard is public.
   */
  VITE_EARN_ACCESS_PASS_SHA256: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{64}$/))),
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
  supportEmail: string;
  supportPhone: string;
  /**
   * Help Center sites; default: the in-app contact form (`/?type=contact-us`), so the link
   * works before the operator configures a help site.
   */
  helpCenter: { en: string; zhTw: string };
  /** undefined: no Blog link */
  blogUrl: string | undefined;
  /** lower-case hex SHA-256 of the earn dashboard's access pass; undefined: no pass needed */
  earnAccessPassHash: string | undefined;
}

/** Help Center until HELP_CENTER_URL is set: the contact form (spec: `type=contact-us`). */
export const DEFAULT_HELP_CENTER = '/?type=contact-us';

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
    supportEmail: env.VITE_SUPPORT_EMAIL,
    supportPhone: env.VITE_SUPPORT_PHONE,
    helpCenter: {
      en: env.VITE_HELP_CENTER_URL ?? DEFAULT_HELP_CENTER,
      zhTw: env.VITE_HELP_CENTER_URL_ZH_TW ?? env.VITE_HELP_CENTER_URL ?? DEFAULT_HELP_CENTER,
    },
    blogUrl: env.VITE_BLOG_URL,
    earnAccessPassHash: env.VITE_EARN_ACCESS_PASS_SHA256?.toLowerCase(),
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
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL,
  VITE_SUPPORT_PHONE: import.meta.env.VITE_SUPPORT_PHONE,
  VITE_HELP_CENTER_URL: import.meta.env.VITE_HELP_CENTER_URL,
  VITE_HELP_CENTER_URL_ZH_TW: import.meta.env.VITE_HELP_CENTER_URL_ZH_TW,
  VITE_BLOG_URL: import.meta.env.VITE_BLOG_URL,
  VITE_EARN_ACCESS_PASS_SHA256: import.meta.env.VITE_EARN_ACCESS_PASS_SHA256,
});
