// Ports and paths of the e2e stacks; different from the dev defaults so both can run at once.

/** One e2e stack: its own anvil, API (with the paper exchange inside) and data. */
export interface E2eStack {
  anvilPort: number;
  apiPort: number;
  /** the paper exchange inside the API process (Bitfinex API v2 for ccxt) */
  paperExchangePort: number;
  chainId: number;
  /**
   * A loopback port the worker driving this stack listens on while it runs: the claim of a
   * time-travel stack (e2e/fixtures/stack.ts). The OS frees it when the worker exits.
   */
  claimPort: number;
  dataDir: string;
  /** the app built for this stack (its chain's RPC address is compiled in) */
  distDir: string;
  readonly rpcUrl: string;
  readonly baseUrl: string;
}

function e2eStack(
  ports: Pick<E2eStack, 'anvilPort' | 'apiPort' | 'paperExchangePort' | 'claimPort'>,
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
export const E2E = e2eStack({
  anvilPort: 8555,
  apiPort: 4310,
  paperExchangePort: 4320,
  claimPort: 4330,
});

/**
 * The stacks of the specs that move the server clock and the chain or switch maintenance on
 * (project `time-travel`, a worker per stack): each worker claims one and runs its spec files
 * one at a time on it, beside the shared stack's specs instead of after them. The suite waits
 * on the app's and the jobs' polling far more than on the CPU, so three run beside the shared
 * stack's workers on two cores.
 */
export const E2E_TIME_TRAVEL_STACKS = [1, 2, 3].map((n) =>
  e2eStack(
    {
      anvilPort: 8555 + n,
      apiPort: 4310 + n,
      paperExchangePort: 4320 + n,
      claimPort: 4330 + n,
    },
    n === 1 ? '-tt' : `-tt${n}`,
  ),
);

export const E2E_STACKS = [E2E, ...E2E_TIME_TRAVEL_STACKS] as const;
