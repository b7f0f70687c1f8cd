import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/lib/vite-precompress';
import { routePreload } from './scripts/lib/vite-route-preload';
import { ROUTE_PRELOADS } from './src/app/route-preloads';

/**
 * Browser build. Build-time config comes from plain environment variables (the same names the
 * API reads) and is exposed as `import.meta.env.VITE_*` through `define`; `src/lib/config.ts`
 * validates it with zod. Nothing here is secret: every value ends up in the shipped JS.
 */

const PROXIED_PREFIXES = ['/member', '/api', '/token', '/quotation', '/content', '/dev', '/health'];

// Wallet (wagmi, viem, RainbowKit) and chart (apexcharts) code is reached only through dynamic
// imports, so Rolldown keeps it out of the entry by itself; `npm run size` checks that. (Manual
// chunk groups for those libraries broke module evaluation order inside the wallet chunk.)

// React Router's package exports point at its development build whatever the mode (its dev
// warnings and checks included); a production build takes the production files beside them.
const routerFile = (name: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: routerFile('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerFile('dom-export.mjs') },
];

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const env = process.env;
  const apiPort = env.API_PORT ?? env.PORT ?? '8080';
  const apiTarget = `http://127.0.0.1:${apiPort}`;
  // APP_ENV: how the app behaves (test-only routes, dev links); defaults to NODE_ENV. The e2e
  // build sets NODE_ENV=development (React's warnings) with APP_ENV=production.
  const appEnv =
    env.APP_ENV ?? env.NODE_ENV ?? (mode === 'production' ? 'production' : 'development');

  return {
    // The prerender's Node build (scripts/prerender.ts) is not served: nothing to compress.
    // The browser build also writes the member routes' preload script (route-preloads.ts).
    plugins: isSsrBuild ? [react()] : [react(), routePreload(ROUTE_PRELOADS), precompress()],
    resolve: {
      alias: command === 'build' && env.NODE_ENV !== 'development' ? ROUTER_PRODUCTION : [],
    },
    define: {
      'import.meta.env.VITE_CHAIN_ID': JSON.stringify(env.CHAIN_ID ?? '31337'),
      'import.meta.env.VITE_CHAIN_RPC_URL': JSON.stringify(env.RPC_URL ?? 'http://127.0.0.1:8545'),
      'import.meta.env.VITE_MAINNET_RPC_URL': JSON.stringify(env.MAINNET_RPC_URL ?? ''),
      'import.meta.env.VITE_WALLETCONNECT_PROJECT_ID': JSON.stringify(
        env.WALLETCONNECT_PROJECT_ID ?? '',
      ),
      'import.meta.env.VITE_API_BASE': JSON.stringify(env.API_BASE ?? ''),
      'import.meta.env.VITE_APP_ENV': JSON.stringify(appEnv),
      'import.meta.env.VITE_SUPPORT_EMAIL': JSON.stringify(env.SUPPORT_EMAIL ?? ''),
      'import.meta.env.VITE_SUPPORT_PHONE': JSON.stringify(env.SUPPORT_PHONE ?? ''),
      'import.meta.env.VITE_HELP_CENTER_URL': JSON.stringify(env.HELP_CENTER_URL ?? ''),
      'import.meta.env.VITE_HELP_CENTER_URL_ZH_TW': JSON.stringify(env.HELP_CENTER_URL_ZH_TW ?? ''),
      'import.meta.env.VITE_BLOG_URL': JSON.stringify(env.BLOG_URL ?? ''),
      // the SHA-256 (hex) of the earn dashboard's access pass, never the pass itself
      'import.meta.env.VITE_EARN_ACCESS_PASS_SHA256': JSON.stringify(
        env.EARN_ACCESS_PASS_SHA256 ?? '',
      ),
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: Object.fromEntries(
        PROXIED_PREFIXES.map((prefix) => [
          prefix,
          {
            target: apiTarget,
            changeOrigin: false,
            // /dev/contracts is the app's developer tools page, not an API route
            bypass: (req: { url?: string }) =>
              req.url?.startsWith('/dev/contracts') ? '/index.html' : undefined,
          },
        ]),
      ),
    },
    // The wallet libraries are reached only through dynamic imports, so the dev server would
    // discover them on first use and transform them then (8-10 s of "Loading the wallet..." and
    // a reload). Pre-bundle them when the dev server starts instead.
    optimizeDeps: {
      include: [
        'wagmi',
        'wagmi/actions',
        'wagmi/connectors',
        'viem',
        'viem/actions',
        'viem/chains',
        'viem/siwe',
        '@rainbow-me/rainbowkit',
        '@rainbow-me/rainbowkit/wallets',
        'qrcode',
      ],
    },
    preview: { port: 5173 },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // .vite/manifest.json: which CSS each screen's chunk brings, for the prerendered pages
      manifest: !isSsrBuild,
    },
  };
});
