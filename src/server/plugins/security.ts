import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HelmetOptions } from 'helmet';
import { type AppConfig, originOf } from '../config';

/** helmet itself, the copy @fastify/helmet depends on (the header rules are helmet's). */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))(
  'helmet',
) as (
  options: HelmetOptions,
) => (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

const WALLETCONNECT_HTTP = [
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'https://*.web3modal.org',
  'https://*.web3modal.com',
];
const WALLETCONNECT_WS = ['wss://*.walletconnect.com', 'wss://*.walletconnect.org'];
const WALLETCONNECT_FRAMES = [
  'https://verify.walletconnect.com',
  'https://verify.walletconnect.org',
];

/**
 * Content-Security-Policy of the app served by this process. Scripts only from our own
 * origin; connections to our origin and the configured RPC endpoints; WalletConnect hosts only
 * when a project id is configured (nothing contacts outside hosts by default). Inline styles
 * are allowed: charting and wallet UI libraries inject style elements.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[] | null> {
  const walletConnect = Boolean(config.walletConnectProjectId);
  const rpcOrigins = [originOf(config.rpcUrl), originOf(config.mainnetRpcUrl)].filter(
    (origin): origin is string => Boolean(origin),
  );
  const connectSrc = [
    "'self'",
    ...new Set(rpcOrigins),
    ...(walletConnect ? [...WALLETCONNECT_HTTP, ...WALLETCONNECT_WS] : []),
  ];
  // Upgrading http requests would break plain-http deployments (local, e2e): only when every
  // configured endpoint is https anyway.
  const allHttps = rpcOrigins.every((origin) => origin.startsWith('https:'));
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(walletConnect ? WALLETCONNECT_HTTP : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': connectSrc,
    'frame-src': ["'self'", ...(walletConnect ? WALLETCONNECT_FRAMES : [])],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'upgrade-insecure-requests': config.nodeEnv === 'production' && allHttps ? [] : null,
  };
}

/** helmet's options for this app. */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Wallet SDKs (Coinbase, WalletConnect) open popups that talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet sets (and removes) with these options. They depend on the configuration
 * only (no per-request nonce), so they are worked out once: @fastify/helmet ran helmet(options)
 * on every request, rebuilding and re-parsing the whole policy each time (an eighth of a cached
 * read's CPU).
 */
export function securityHeaders(options: HelmetOptions): {
  set: [name: string, value: string][];
  remove: string[];
} {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return { set, remove };
}

/** Every response carries helmet's headers (errors, 404s and static files included). */
async function securityPlugin(app: FastifyInstance) {
  const { set, remove } = securityHeaders(helmetOptions(app.config));
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of remove) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}

export default fp(securityPlugin, { name: 'app-security', dependencies: ['app-context'] });
