import { describe, expect, it } from 'vitest';
import { getWeb3Settings, parseWeb3Settings } from './env';

describe('parseWeb3Settings', () => {
  it('applies the brief defaults when values are missing or empty', () => {
    const expected = {
      chainId: 31337,
      chainRpcUrl: 'http://127.0.0.1:8545',
      mainnetRpcUrl: undefined,
      walletConnectProjectId: undefined,
    };
    expect(parseWeb3Settings({})).toEqual(expected);
    expect(
      parseWeb3Settings({
        VITE_CHAIN_ID: '',
        VITE_CHAIN_RPC_URL: '',
        VITE_MAINNET_RPC_URL: '',
        VITE_WALLETCONNECT_PROJECT_ID: '  ',
      }),
    ).toEqual(expected);
  });

  it('reads configured values', () => {
    expect(
      parseWeb3Settings({
        VITE_CHAIN_ID: '11155111',
        VITE_CHAIN_RPC_URL: 'http://127.0.0.1:8555',
        VITE_MAINNET_RPC_URL: 'https://mainnet.example.org/rpc',
        VITE_WALLETCONNECT_PROJECT_ID: 'abc123',
      }),
    ).toEqual({
      chainId: 11155111,
      chainRpcUrl: 'http://127.0.0.1:8555',
      mainnetRpcUrl: 'https://mainnet.example.org/rpc',
      walletConnectProjectId: 'abc123',
    });
  });

  it('rejects bad values, naming the field', () => {
    expect(() => parseWeb3Settings({ VITE_CHAIN_ID: 'anvil' })).toThrow(/VITE_CHAIN_ID/);
    expect(() => parseWeb3Settings({ VITE_CHAIN_ID: '-1' })).toThrow(/VITE_CHAIN_ID/);
    expect(() => parseWeb3Settings({ VITE_MAINNET_RPC_URL: 'not a url' })).toThrow(
      /VITE_MAINNET_RPC_URL/,
    );
  });

  it('parses this build once', () => {
    const settings = getWeb3Settings();
    expect(Number.isInteger(settings.chainId) && settings.chainId > 0).toBe(true);
    expect(getWeb3Settings()).toBe(settings);
  });
});
