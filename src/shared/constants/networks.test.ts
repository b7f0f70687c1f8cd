import { describe, expect, it } from 'vitest';
import { CURRENCIES, PLATFORM_CHAIN_ID } from './currencies';
import {
  WITHDRAWAL_NETWORK_IDS,
  WITHDRAWAL_NETWORKS,
  isNetworkAllowed,
  isWithdrawalNetworkId,
  networksFor,
  withdrawalNetworkById,
} from './networks';

const ids = (currency: string) => networksFor(currency).map((network) => network.id);

describe('withdrawal networks per currency (spec section 5)', () => {
  it('offers USDT on TRC20 and ERC20, USDC and BCNT on ERC20 only, ETH on Ethereum', () => {
    expect(ids('USDT')).toEqual(['TRC20', 'ERC20']);
    expect(ids('USDC')).toEqual(['ERC20']);
    expect(ids('BCNT')).toEqual(['ERC20']);
    expect(ids('ETH')).toEqual(['ETH']);
  });

  it('offers BTC on legacy, nested SegWit and native SegWit', () => {
    expect(ids('BTC')).toEqual(['BTC_LEGACY', 'BTC_NESTED_SEGWIT', 'BTC_NATIVE_SEGWIT']);
  });

  it('offers nothing for an unknown currency', () => {
    expect(networksFor('DOGE')).toEqual([]);
    expect(networksFor('')).toEqual([]);
  });

  it('allows exactly the listed pairs', () => {
    expect(isNetworkAllowed('USDT', 'TRC20')).toBe(true);
    expect(isNetworkAllowed('USDT', 'ERC20')).toBe(true);
    expect(isNetworkAllowed('BCNT', 'ERC20')).toBe(true);
    expect(isNetworkAllowed('BCNT', 'TRC20')).toBe(false);
    expect(isNetworkAllowed('USDC', 'TRC20')).toBe(false);
    expect(isNetworkAllowed('ETH', 'ERC20')).toBe(false);
    expect(isNetworkAllowed('USDT', 'ETH')).toBe(false);
    expect(isNetworkAllowed('BTC', 'ERC20')).toBe(false);
    expect(isNetworkAllowed('ETH', 'BTC_LEGACY')).toBe(false);
    expect(isNetworkAllowed('BTC', 'BTC_NATIVE_SEGWIT')).toBe(true);
    expect(isNetworkAllowed('BTC', 'BEP20')).toBe(false);
    expect(isNetworkAllowed('DOGE', 'ERC20')).toBe(false);
  });

  it('lists each allowed pair once: 8 currency/network pairs in all', () => {
    const pairs = WITHDRAWAL_NETWORKS.flatMap((network) =>
      network.currencies.map((currency) => `${currency}/${network.id}`),
    );
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(8);
  });
});

describe('network data (spec sections 3 and 9)', () => {
  it('uses the platform chain ids: bitcoin 0, ethereum 1, tron 3', () => {
    const chainOf = (id: string) => withdrawalNetworkById(id)?.chainId;
    expect(chainOf('TRC20')).toBe(3);
    expect(chainOf('ERC20')).toBe(1);
    expect(chainOf('ETH')).toBe(1);
    expect(chainOf('BTC_LEGACY')).toBe(0);
    expect(chainOf('BTC_NESTED_SEGWIT')).toBe(0);
    expect(chainOf('BTC_NATIVE_SEGWIT')).toBe(0);
    // no withdrawal network on binance (2): spec section 5 accepts none there
    expect(WITHDRAWAL_NETWORKS.map((n) => n.chainId)).not.toContain(PLATFORM_CHAIN_ID.binance);
  });

  it('waits TRC 12 (5-10 min), ERC 20 (5-30 min) and BTC 5 (60-90 min) confirmations', () => {
    const confirmationsOf = (id: string) => {
      const network = withdrawalNetworkById(id);
      return network && [network.confirmations, network.confirmationMinutes];
    };
    expect(confirmationsOf('TRC20')).toEqual([12, { min: 5, max: 10 }]);
    expect(confirmationsOf('ERC20')).toEqual([20, { min: 5, max: 30 }]);
    expect(confirmationsOf('ETH')).toEqual([20, { min: 5, max: 30 }]);
    for (const id of ['BTC_LEGACY', 'BTC_NESTED_SEGWIT', 'BTC_NATIVE_SEGWIT']) {
      expect(confirmationsOf(id), id).toEqual([5, { min: 60, max: 90 }]);
    }
  });

  it('gives each BTC network its own address type', () => {
    expect(withdrawalNetworkById('BTC_LEGACY')?.addressType).toBe('btc-p2pkh');
    expect(withdrawalNetworkById('BTC_NESTED_SEGWIT')?.addressType).toBe('btc-p2sh');
    expect(withdrawalNetworkById('BTC_NATIVE_SEGWIT')?.addressType).toBe('btc-segwit');
    expect(withdrawalNetworkById('TRC20')?.addressType).toBe('tron');
    expect(withdrawalNetworkById('ERC20')?.addressType).toBe('evm');
    expect(withdrawalNetworkById('ETH')?.addressType).toBe('evm');
  });

  it('agrees with the chains currencies.ts lists for each currency', () => {
    for (const currency of CURRENCIES) {
      const chains = new Set(networksFor(currency.code).map((network) => network.chainId));
      expect([...chains].sort(), currency.code).toEqual([...currency.chains].sort());
    }
  });

  it('has unique ids and labels, and recognises only its own ids', () => {
    expect(new Set(WITHDRAWAL_NETWORK_IDS).size).toBe(WITHDRAWAL_NETWORKS.length);
    expect(new Set(WITHDRAWAL_NETWORKS.map((n) => n.label)).size).toBe(WITHDRAWAL_NETWORKS.length);
    expect(isWithdrawalNetworkId('ERC20')).toBe(true);
    expect(isWithdrawalNetworkId('erc20')).toBe(false);
    expect(isWithdrawalNetworkId('BEP20')).toBe(false);
    expect(withdrawalNetworkById('BEP20')).toBeUndefined();
  });
});
