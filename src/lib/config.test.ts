import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('browser config', () => {
  it('applies the documented defaults when nothing is set', () => {
    expect(parseConfig({})).toEqual({
      chainId: 31337,
      chainRpcUrl: 'http://127.0.0.1:8545',
      mainnetRpcUrl: undefined,
      walletConnectProjectId: undefined,
      apiBase: '',
      appEnv: 'development',
      isProduction: false,
      supportEmail: 'support@bcnt.example',
      supportPhone: '+886 2 2700 1234',
      helpCenter: { en: '/?type=contact-us', zhTw: '/?type=contact-us' },
      blogUrl: undefined,
      earnAccessPassHash: undefined,
    });
  });

  it('reads the footer settings; the Chinese help site falls back to the English one', () => {
    const config = parseConfig({
      VITE_SUPPORT_EMAIL: 'help@platform.example.org',
      VITE_HELP_CENTER_URL: 'https://help.example.org/en',
      VITE_BLOG_URL: 'https://blog.example.org',
    });
    expect(config).toMatchObject({
      supportEmail: 'help@platform.example.org',
      helpCenter: { en: 'https://help.example.org/en', zhTw: 'https://help.example.org/en' },
      blogUrl: 'https://blog.example.org',
    });
    expect(() => parseConfig({ VITE_BLOG_URL: 'javascript:alert(1)' })).toThrow(/VITE_BLOG_URL/);
    expect(() => parseConfig({ VITE_SUPPORT_EMAIL: 'nope' })).toThrow(/VITE_SUPPORT_EMAIL/);
  });

  it('takes the earn access pass as a SHA-256 in hex only (never the pass itself)', () => {
    const hash = 'A'.repeat(64);
    expect(parseConfig({ VITE_EARN_ACCESS_PASS_SHA256: hash }).earnAccessPassHash).toBe(
      'a'.repeat(64),
    );
    expect(() => parseConfig({ VITE_EARN_ACCESS_PASS_SHA256: 'open-sesame' })).toThrow(
      /VITE_EARN_ACCESS_PASS_SHA256/,
    );
  });

  it('treats empty strings as unset and reads given values', () => {
    const config = parseConfig({
      VITE_CHAIN_ID: '1',
      VITE_CHAIN_RPC_URL: '',
      VITE_MAINNET_RPC_URL: 'https://rpc.example.org',
      VITE_WALLETCONNECT_PROJECT_ID: 'abc',
      VITE_API_BASE: 'https://api.example.org/',
      VITE_APP_ENV: 'production',
    });
    expect(config).toMatchObject({
      chainId: 1,
      chainRpcUrl: 'http://127.0.0.1:8545',
      mainnetRpcUrl: 'https://rpc.example.org',
      walletConnectProjectId: 'abc',
      apiBase: 'https://api.example.org',
      isProduction: true,
    });
  });

  it('rejects a bad chain id or URL, naming the field', () => {
    expect(() => parseConfig({ VITE_CHAIN_ID: 'abc' })).toThrow(/VITE_CHAIN_ID/);
    expect(() => parseConfig({ VITE_MAINNET_RPC_URL: 'not a url' })).toThrow(
      /VITE_MAINNET_RPC_URL/,
    );
  });
});
