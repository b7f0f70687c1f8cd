// Ports and paths of the e2e stacks; different from the dev defaults so both can run at once.

/** One e2e stack: its own anvil, API (with the paper exchange inside) and data. */
export interface E2eStack {
  anvilPort: number;
  apiPort: number;
  /** the paper exchange inside the API process (Bitfinex API v2 for ccxt) */
  paperExchangePort: number;
  chainId: number;
  dataDir: string;
  /** the app built for this stack (its chain's RPC address is compiled in) */
  distDir: string;
  readonly rpcUrl: string;
  readonly baseUrl: string;
}

function e2eStack(
  ports: Pick<E2eStack, 'anvilPort' | 'apiPort' | 'paperExchangePort'>,
  suffix = '',
) {
  return {
    ...ports,
    chainId: 31337,
    dataDir: `.e2e-data${suffix}`,
    distDir: `.e2e-dist${suffix}`,
    get rpcUrl() {
      return `http://127.0.0.1:${this.anvilPort}`;
    },
    get baseUrl() {
      return `http://127.0.0.1:${this.apiPort}`;
    },
  } satisfies E2eStack;
}

/** The stack of the specs that share it (Playwright project `chromium`). */
export const E2E = e2eStack({ anvilPort: 8555, apiPort: 4310, paperExchangePort: 4320 });

/**
 * The stack of the specs that move the server clock and the chain or switch maintenance on
 * (project `time-travel`, one spec at a time): a stack of their own, so they run beside the
 * others instead of after them.
 */
export const E2E_TIME_TRAVEL = e2eStack(
  { anvilPort: 8556, apiPort: 4311, paperExchangePort: 4321 },
  '-tt',
);

export const E2E_STACKS = [E2E, E2E_TIME_TRAVEL] as const;
