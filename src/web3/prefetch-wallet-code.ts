import { whenIdle } from '../lib/idle';

/**
 * Fetches the wallet code (wagmi, viem, RainbowKit: the `web3-provider` chunk every wallet
 * panel shares, about 180 KiB gzip) ahead of the panel that needs it, so the connect prompt or
 * the connected state shows with the page instead of after a second download. Nothing runs
 * twice; a failed fetch may be tried again. Never called on Landing's first load (the bundle
 * budget forbids wallet code there).
 */
let started: Promise<unknown> | null = null;

export function prefetchWalletCode(): Promise<unknown> {
  started ??= import('./web3-provider').catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/** After the first paint, when the browser is idle (or after 1 s at the latest). */
export function prefetchWalletCodeWhenIdle(): void {
  whenIdle(() => void prefetchWalletCode().catch(() => undefined));
}
