import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, originOf } from '../config';

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

async function securityPlugin(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    // Wallet SDKs (Coinbase, WalletConnect) open popups that talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
  });
}

export default fp(securityPlugin, { name: 'app-security', dependencies: ['app-context'] });
