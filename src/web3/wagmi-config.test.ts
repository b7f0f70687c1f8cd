import { getEnsAvatar, getEnsName } from 'wagmi/actions';
import { hydrate } from '@wagmi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWagmiSetup } from './wagmi-config';
import { buildWalletList, shouldOfferBrowserWallet } from './wallets';

const base = {
  chainId: 31337,
  chainRpcUrl: 'http://127.0.0.1:8545',
  mainnetRpcUrl: undefined,
  walletConnectProjectId: undefined,
};

function walletIds(projectId: string | undefined) {
  return buildWalletList(projectId).flatMap((group) =>
    group.wallets.map(
      (createWallet) => createWallet({ projectId: projectId ?? '', appName: 'test' }).id,
    ),
  );
}

type EthereumWindow = Window & { ethereum?: unknown };

/** A wallet extension that announces itself by EIP-6963 (as MetaMask does). */
function announceOnRequest() {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: '1', name: 'X', icon: 'data:image/svg+xml,', rdns: 'x.test' },
          provider: {},
        },
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as EthereumWindow).ethereum;
});

describe('wallet list', () => {
  it('offers only the injected browser wallet without a WalletConnect project id', () => {
    expect(walletIds(undefined)).toEqual(['injected']);
  });

  it('adds WalletConnect-based wallets with a project id', () => {
    expect(walletIds('abc123')).toEqual(['metaMask', 'walletConnect', 'injected']);
  });
});

describe('createWagmiSetup', () => {
  it('has no WalletConnect connector and only the local chain by default', () => {
    (window as EthereumWindow).ethereum = { request: vi.fn() };
    const { config, appChain } = createWagmiSetup(base);
    expect(config.chains.map((c) => c.id)).toEqual([31337]);
    expect(appChain.id).toBe(31337);
    expect(config.connectors.map((c) => c.type)).not.toContain('walletConnect');
    expect(config.connectors.map((c) => c.id)).toEqual(['injected']);
  });

  it('offers the generic browser wallet only for a window.ethereum that is not announced by EIP-6963', async () => {
    expect(shouldOfferBrowserWallet(window)).toBe(false); // no wallet at all
    expect(createWagmiSetup(base).config.connectors).toHaveLength(0);

    (window as EthereumWindow).ethereum = { request: vi.fn() };
    expect(shouldOfferBrowserWallet(window)).toBe(true);

    const stop = announceOnRequest();
    try {
      expect(shouldOfferBrowserWallet(window)).toBe(false);
      // the announced wallet itself is found by wagmi's discovery instead (added when the
      // provider mounts: the config is `ssr: true`)
      const { config } = createWagmiSetup(base);
      await hydrate(config, { reconnectOnMount: true }).onMount();
      const ids = config.connectors.map((c) => c.id);
      expect(ids).toEqual(['x.test']);
    } finally {
      stop();
    }
  });

  it('adds mainnet to the chains when its RPC URL is set', () => {
    const { config } = createWagmiSetup({ ...base, mainnetRpcUrl: 'http://127.0.0.1:9/mainnet' });
    expect(config.chains.map((c) => c.id)).toEqual([31337, 1]);
  });

  it('does not resolve ENS names or avatars on mainnet (no request leaves the page)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { config } = createWagmiSetup({ ...base, mainnetRpcUrl: 'http://127.0.0.1:9/mainnet' });
    await expect(
      getEnsName(config, { chainId: 1, address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }),
    ).rejects.toThrow(/ensUniversalResolver/);
    await expect(getEnsAvatar(config, { chainId: 1, name: 'vitalik.eth' })).rejects.toThrow(
      /ensUniversalResolver/,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
