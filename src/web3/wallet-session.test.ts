import { describe, expect, it } from 'vitest';
import { WAGMI_STORE_KEY, hasWalletSession } from './wallet-session';

function storageWith(value: string | null) {
  return { getItem: (key: string) => (key === WAGMI_STORE_KEY ? value : null) };
}

describe('hasWalletSession', () => {
  it('is true when wagmi stored a current connection', () => {
    const stored = JSON.stringify({
      state: { connections: { __type: 'Map', value: [] }, chainId: 31337, current: 'abc' },
      version: 2,
    });
    expect(hasWalletSession(storageWith(stored))).toBe(true);
  });

  it('is false after a disconnect, on a first visit, or with unreadable storage', () => {
    const disconnected = JSON.stringify({ state: { chainId: 31337, current: null }, version: 2 });
    expect(hasWalletSession(storageWith(disconnected))).toBe(false);
    expect(hasWalletSession(storageWith(null))).toBe(false);
    expect(hasWalletSession(storageWith('{not json'))).toBe(false);
    expect(
      hasWalletSession({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(false);
  });

  it('reads localStorage by default', () => {
    localStorage.setItem(WAGMI_STORE_KEY, JSON.stringify({ state: { current: 'uid-1' } }));
    expect(hasWalletSession()).toBe(true);
    localStorage.removeItem(WAGMI_STORE_KEY);
    expect(hasWalletSession()).toBe(false);
  });
});
