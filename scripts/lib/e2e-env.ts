// Ports and paths of the e2e stack; different from the dev defaults so both can run at once.
export const E2E = {
  anvilPort: 8555,
  apiPort: 4310,
  /** the paper exchange inside the API process (Bitfinex API v2 for ccxt) */
  paperExchangePort: 4320,
  chainId: 31337,
  dataDir: '.e2e-data',
  get rpcUrl() {
    return `http://127.0.0.1:${this.anvilPort}`;
  },
  get baseUrl() {
    return `http://127.0.0.1:${this.apiPort}`;
  },
} as const;
