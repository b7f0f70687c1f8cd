import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { checkWithdrawalAddress } from '../../../shared/validation/address';
import { DEV_WALLET_SEED } from '../../config';
import {
  bitcoinDepositAddress,
  evmAccountAt,
  evmDepositAddress,
  hdKeyAt,
  hotWalletAccount,
  p2wpkhAddress,
  tronAddressFromPublicKey,
  tronDepositAddress,
} from './hd';

// The BIP-39 test mnemonic the published BIP-84 / TronLink / BIP-44 vectors use.
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('deposit address derivation', () => {
  it('derives the published BIP-84 native SegWit addresses (m/84h/0h/0h/0/0 and /1)', () => {
    expect(p2wpkhAddress(hdKeyAt(ABANDON, "m/84'/0'/0'/0/0").publicKey!)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(bitcoinDepositAddress(ABANDON, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives the TronLink address of m/44h/195h/0h/0/0', () => {
    expect(tronDepositAddress(ABANDON, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('encodes a TRON address from an uncompressed public key (tronpy vector)', () => {
    const publicKey = hexToBytes(
      '0x09f909c92a8fca5148a16413d1557c33a7e80725d486190c041e5764a9c27c329305f9f4ca778c9f3cc639e80cd8f5698bd7841f699989fead95dfb7c8f59d20',
    );
    expect(tronAddressFromPublicKey(publicKey)).toBe('TCLR62QdWGGG56nDZ8Gtsscab4cSUJZo3A');
  });

  it('agrees with viem for EVM paths (the BIP-44 vector and the hot wallet)', () => {
    expect(evmAccountAt(ABANDON, "m/44'/60'/0'/0/0").address).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(hotWalletAccount(DEV_WALLET_SEED).address).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    expect(evmDepositAddress(DEV_WALLET_SEED, 7)).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('gives addresses the withdrawal validator accepts, distinct per member', () => {
    const bitcoin = new Set<string>();
    const tron = new Set<string>();
    for (let memberId = 1; memberId <= 20; memberId += 1) {
      const btc = bitcoinDepositAddress(DEV_WALLET_SEED, memberId);
      const trx = tronDepositAddress(DEV_WALLET_SEED, memberId);
      expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', btc)).toBeNull();
      expect(checkWithdrawalAddress('TRC20', trx)).toBeNull();
      expect(checkWithdrawalAddress('BTC_LEGACY', btc)).not.toBeNull();
      bitcoin.add(btc);
      tron.add(trx);
    }
    expect(bitcoin.size).toBe(20);
    expect(tron.size).toBe(20);
  });
});
