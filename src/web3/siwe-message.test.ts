import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildSiweMessage } from './siwe-message';

const nonce = {
  nonce: 'Xk3f9PqL2mRt',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  chainId: 31337,
  statement: 'Link this wallet to your BCNT Platform account.',
  issuedAt: '2024-05-01T00:00:00.000Z',
  expirationTime: '2024-05-01T00:10:00.000Z',
};
const lower = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('buildSiweMessage', () => {
  it('builds the EIP-4361 text from the nonce answer with the checksummed address', () => {
    const message = buildSiweMessage(nonce, lower);
    expect(message).toBe(
      [
        'localhost:5173 wants you to sign in with your Ethereum account:',
        checksummed,
        '',
        'Link this wallet to your BCNT Platform account.',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: Xk3f9PqL2mRt',
        'Issued At: 2024-05-01T00:00:00.000Z',
        'Expiration Time: 2024-05-01T00:10:00.000Z',
      ].join('\n'),
    );
  });

  it('round-trips through the parser the server uses: every field is the server one', () => {
    const parsed = parseSiweMessage(buildSiweMessage({ ...nonce, chainId: 1 }, lower));
    expect(parsed).toMatchObject({
      address: checksummed,
      domain: nonce.domain,
      uri: nonce.uri,
      chainId: 1,
      nonce: nonce.nonce,
      statement: nonce.statement,
      version: '1',
    });
    expect(parsed.issuedAt?.toISOString()).toBe(nonce.issuedAt);
    expect(parsed.expirationTime?.toISOString()).toBe(nonce.expirationTime);
  });

  it('refuses what is not an address, an unusable time or a bad nonce', () => {
    expect(() => buildSiweMessage(nonce, '0x1234')).toThrow();
    expect(() => buildSiweMessage({ ...nonce, issuedAt: 'yesterday' }, lower)).toThrow(/issuedAt/);
    expect(() => buildSiweMessage({ ...nonce, nonce: 'short' }, lower)).toThrow();
  });
});
