import { describe, expect, it } from 'vitest';
import { shortAddress } from './short-address';

describe('shortAddress', () => {
  it('keeps 0x + 4 characters and the last 4, as wallets show it', () => {
    expect(shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266');
  });

  it('leaves short strings alone', () => {
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});
