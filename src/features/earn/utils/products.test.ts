import { describe, expect, it } from 'vitest';
import { product } from '../test-utils';
import { EARN_PRODUCT_TYPE, earnKindOfType } from '../../../shared/constants/earn';
import { formatEarnAmount, formatPrice, formatRate, joinAmount } from './amounts';
import {
  isSerialNumber,
  localized,
  productsOfTab,
  showsLimitedLabel,
  sortCatalog,
  tabOfKind,
} from './products';

describe('productType (spec section 3)', () => {
  it('maps each kind to its number, 5 being Stable Income Pro, and back', () => {
    expect(EARN_PRODUCT_TYPE).toEqual({
      fixed: 1,
      mixed: 2,
      flagship: 3,
      alliance: 4,
      'fixed-pro': 5,
      'fixed-prox': 6,
    });
    expect(earnKindOfType(5)).toBe('fixed-pro');
    expect(earnKindOfType(7)).toBeUndefined();
  });
});

describe('catalog rules', () => {
  const items = [
    product({ id: 5, kind: 'mixed', sortOrder: 2 }),
    product({ id: 2, kind: 'fixed-pro', sortOrder: 2 }),
    product({ id: 9, kind: 'alliance', sortOrder: 1 }),
    product({ id: 1, kind: 'fixed', sortOrder: 3 }),
    product({ id: 4, kind: 'fixed-prox', sortOrder: 1 }),
  ];

  it('sorts by sortOrder, then id', () => {
    expect(sortCatalog(items).map((item) => item.id)).toEqual([4, 9, 2, 5, 1]);
  });

  it('lists fixed, Pro and Pro+ under Stable Income, mixed under Mixed Quant, all under All', () => {
    expect(productsOfTab(items, 'stable').map((item) => item.kind)).toEqual([
      'fixed-prox',
      'fixed-pro',
      'fixed',
    ]);
    expect(productsOfTab(items, 'mixed').map((item) => item.id)).toEqual([5]);
    expect(productsOfTab(items, 'all')).toHaveLength(5);
    expect(tabOfKind('fixed-pro')).toBe('stable');
    expect(tabOfKind('mixed')).toBe('mixed');
    expect(tabOfKind('flagship')).toBe('all');
    expect(tabOfKind(undefined)).toBe('all');
  });

  it('shows the limited label for limited products except BTC and ETH ones', () => {
    expect(showsLimitedLabel({ limited: true, currency: 'USDT' })).toBe(true);
    expect(showsLimitedLabel({ limited: true, currency: 'USDC' })).toBe(true);
    expect(showsLimitedLabel({ limited: true, currency: 'BTC' })).toBe(false);
    expect(showsLimitedLabel({ limited: true, currency: 'ETH' })).toBe(false);
    expect(showsLimitedLabel({ limited: false, currency: 'USDT' })).toBe(false);
  });

  it('tells serial numbers from token symbols', () => {
    expect(isSerialNumber('USDT-034R')).toBe(true);
    expect(isSerialNumber('BTC-002R')).toBe(true);
    expect(isSerialNumber('USDT')).toBe(false);
    expect(isSerialNumber(undefined)).toBe(false);
  });

  it('names a product in the active language, en-US for any other', () => {
    const name = { 'en-US': 'A', 'zh-TW': '甲', 'zh-CN': '甲乙' };
    expect(localized(name, 'zh-TW')).toBe('甲');
    expect(localized(name, 'zh-CN')).toBe('甲乙');
    expect(localized(name, 'ko-KR')).toBe('A');
  });
});

describe('earn amounts', () => {
  it('computes units x perUnit exactly at the currency decimals', () => {
    expect(joinAmount(12, '100', 'USDT')).toBe(1_200_000_000n);
    expect(joinAmount(3, '0.05', 'BTC')).toBe(15_000_000n);
    expect(joinAmount(3, 'x', 'BTC')).toBeNull();
  });

  it('shows principal exactly (never 0.00 for 0.005 BTC), rewards and balances cut down', () => {
    expect(formatEarnAmount('1000', 'USDT', 'principal')).toBe('1,000');
    expect(formatEarnAmount('0.005', 'BTC', 'principal')).toBe('0.005');
    expect(formatEarnAmount('0.05', 'BTC', 'principal')).toBe('0.05');
    expect(formatEarnAmount('12.3456', 'USDT', 'reward')).toBe('12.34');
    expect(formatEarnAmount('2500.5', 'USDT', 'balance')).toBe('2,500.50');
    expect(formatEarnAmount('0.12345678', 'BTC', 'balance')).toBe('0.1234');
  });

  it('shows rates in percent with at most 2 places', () => {
    expect(formatRate(10.5, 'en-US')).toBe('10.5%');
    expect(formatRate(8, 'zh-TW')).toBe('8%');
    expect(formatRate(3.14159, 'en-US')).toBe('3.14%');
  });
});

describe('conversion prices', () => {
  it("shows 4 places from 1 up and 6 significant digits below, in the reader's language", () => {
    expect(formatPrice('65030.769230769230769230', 'en-US')).toBe('65,030.7692');
    expect(formatPrice('60000', 'zh-TW')).toBe('60,000');
    expect(formatPrice('0.000015384615384615', 'en-US')).toBe('0.0000153846');
    expect(formatPrice('not a price', 'en-US')).toBe('not a price');
  });
});
