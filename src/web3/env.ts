import { z } from 'zod';

/**
 * What the wallet layer needs from the build-time config (`vite.config.ts` `define`). The same
 * fields and defaults as `src/lib/config.ts`; web3 sits beside lib in the import direction, so
 * it reads the four `import.meta.env` fields itself (by name, so Vite's `define` replaces them).
 */
export interface Web3Settings {
  /** The app's chain (anvil in development): id and JSON-RPC URL. */
  chainId: number;
  chainRpcUrl: string;
  /** Ethereum mainnet is offered, read-only, only when this is set. */
  mainnetRpcUrl: string | undefined;
  /** WalletConnect-based wallets only when this is set; otherwise nothing contacts outside hosts. */
  walletConnectProjectId: string | undefined;
}

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const schema = z.object({
  VITE_CHAIN_ID: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(31337)),
  VITE_CHAIN_RPC_URL: z.preprocess(emptyToUndefined, z.url().default('http://127.0.0.1:8545')),
  VITE_MAINNET_RPC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  VITE_WALLETCONNECT_PROJECT_ID: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(1).optional(),
  ),
});

/** Parses raw values; throws one readable error naming every bad field. */
export function parseWeb3Settings(raw: Record<string, unknown>): Web3Settings {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid wallet configuration (${fields})`);
  }
  return {
    chainId: parsed.data.VITE_CHAIN_ID,
    chainRpcUrl: parsed.data.VITE_CHAIN_RPC_URL,
    mainnetRpcUrl: parsed.data.VITE_MAINNET_RPC_URL,
    walletConnectProjectId: parsed.data.VITE_WALLETCONNECT_PROJECT_ID,
  };
}

let settings: Web3Settings | undefined;

/** The settings of this build, parsed once. */
export function getWeb3Settings(): Web3Settings {
  settings ??= parseWeb3Settings({
    VITE_CHAIN_ID: import.meta.env.VITE_CHAIN_ID,
    VITE_CHAIN_RPC_URL: import.meta.env.VITE_CHAIN_RPC_URL,
    VITE_MAINNET_RPC_URL: import.meta.env.VITE_MAINNET_RPC_URL,
    VITE_WALLETCONNECT_PROJECT_ID: import.meta.env.VITE_WALLETCONNECT_PROJECT_ID,
  });
  return settings;
}
