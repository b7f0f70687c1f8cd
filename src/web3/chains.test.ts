import { describe, expect, it } from 'vitest';
import { buildChains } from './chains';

const base = {
  chainId: 31337,
  chainRpcUrl: 'http://127.0.0.1:8545',
  mainnetRpcUrl: undefined,
  walletConnectProjectId: undefined,
};

describe('buildChains', () => {
  it('has only the local chain without a mainnet RPC URL', () => {
    const { chains, transports, appChain } = buildChains(base);
    expect(chains.map((c) => c.id)).toEqual([31337]);
    expect(appChain).toBe(chains[0]);
    expect(appChain.name).toBe('Localhost');
    expect(appChain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
    expect(appChain.iconUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(Object.keys(transports)).toEqual(['31337']);
  });

  it('uses the configured chain id and RPC URL', () => {
    const { appChain } = buildChains({
      ...base,
      chainId: 1337,
      chainRpcUrl: 'http://127.0.0.1:8555',
    });
    expect(appChain.id).toBe(1337);
    expect(appChain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8555']);
  });

  it('adds Ethereum mainnet, on that RPC, when a mainnet RPC URL is set', () => {
    const { chains, transports, appChain } = buildChains({
      ...base,
      mainnetRpcUrl: 'https://mainnet.example.org/rpc',
    });
    expect(chains.map((c) => c.id)).toEqual([31337, 1]);
    expect(appChain.id).toBe(31337);
    const mainnet = chains[1]!;
    expect(mainnet.rpcUrls.default.http).toEqual(['https://mainnet.example.org/rpc']);
    expect(Object.keys(transports).sort()).toEqual(['1', '31337']);
  });

  it('leaves mainnet without the ENS resolver (no ENS avatar fetches from outside hosts)', () => {
    const { chains } = buildChains({ ...base, mainnetRpcUrl: 'https://mainnet.example.org/rpc' });
    const contracts = chains[1]!.contracts ?? {};
    expect(Object.keys(contracts)).toEqual(['multicall3']);
  });

  it('does not list mainnet twice when the app chain is mainnet', () => {
    const { chains } = buildChains({
      ...base,
      chainId: 1,
      chainRpcUrl: 'https://a.example.org',
      mainnetRpcUrl: 'https://b.example.org',
    });
    expect(chains.map((c) => c.id)).toEqual([1]);
    expect(chains[0]!.rpcUrls.default.http).toEqual(['https://a.example.org']);
  });
});
