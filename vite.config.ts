import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Browser build. Build-time config comes from plain environment variables (the same names the
 * API reads) and is exposed as `import.meta.env.VITE_*` through `define`; `src/lib/config.ts`
 * validates it with zod. Nothing here is secret: every value ends up in the shipped JS.
 */

const PROXIED_PREFIXES = ['/member', '/api', '/token', '/quotation', '/content', '/dev', '/health'];

/**
 * Wallet and chart libraries get their own chunks, reached only through dynamic imports (the
 * nav's wallet area and the chart wrapper are React.lazy). Only the core is grouped: connector
 * SDKs (WalletConnect, MetaMask, Coinbase...) are dynamically imported by wagmi itself and stay
 * in their own on-demand chunks.
 */
const WALLET_MODULES =
  /[\\/]node_modules[\\/](wagmi|@wagmi|viem|ox|abitype|@rainbow-me|@vanilla-extract)[\\/]/;
const CHART_MODULES =
  /[\\/]node_modules[\\/](apexcharts|react-apexcharts|@svgdotjs|svg\.[a-z.]+)[\\/]/;

export default defineConfig(({ mode }) => {
  const env = process.env;
  const apiPort = env.API_PORT ?? env.PORT ?? '8080';
  const apiTarget = `http://127.0.0.1:${apiPort}`;
  const appEnv = env.NODE_ENV ?? (mode === 'production' ? 'production' : 'development');

  return {
    plugins: [react()],
    define: {
      'import.meta.env.VITE_CHAIN_ID': JSON.stringify(env.CHAIN_ID ?? '31337'),
      'import.meta.env.VITE_CHAIN_RPC_URL': JSON.stringify(env.RPC_URL ?? 'http://127.0.0.1:8545'),
      'import.meta.env.VITE_MAINNET_RPC_URL': JSON.stringify(env.MAINNET_RPC_URL ?? ''),
      'import.meta.env.VITE_WALLETCONNECT_PROJECT_ID': JSON.stringify(
        env.WALLETCONNECT_PROJECT_ID ?? '',
      ),
      'import.meta.env.VITE_API_BASE': JSON.stringify(env.API_BASE ?? ''),
      'import.meta.env.VITE_APP_ENV': JSON.stringify(appEnv),
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: Object.fromEntries(
        PROXIED_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
      ),
    },
    preview: { port: 5173 },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // Vite 8 bundles with Rolldown: `codeSplitting.groups` is its manualChunks.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // includeDependenciesRecursively: false keeps shared deps (react, react-query) out
              // of these groups, so the entry never has to import the wallet or chart chunk.
              {
                name: 'wallet',
                test: WALLET_MODULES,
                priority: 20,
                includeDependenciesRecursively: false,
              },
              {
                name: 'chart',
                test: CHART_MODULES,
                priority: 20,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
