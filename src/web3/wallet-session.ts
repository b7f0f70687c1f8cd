/**
 * Whether this browser had a wallet connected when the page was last used: wagmi keeps its
 * connection state under `wagmi.store` in localStorage and reconnects from it. Light (no wagmi
 * import): the nav bar uses it to load the wallet area at once for a returning wallet (so the
 * address and BCNT balance show without a click) and otherwise on first use.
 */
export const WAGMI_STORE_KEY = 'wagmi.store';

export function hasWalletSession(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    const raw = storage?.getItem(WAGMI_STORE_KEY);
    if (!raw) return false;
    const parsed = JSON.parse(raw) as { state?: { current?: unknown } } | null;
    return typeof parsed?.state?.current === 'string' && parsed.state.current !== '';
  } catch {
    // Unreadable storage (private mode, corrupt JSON): behave as a first visit.
    return false;
  }
}
