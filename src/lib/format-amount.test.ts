import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyById } from '../shared/constants/currencies';
import { TRANSACTION_TYPE, type TransactionTypeName } from '../shared/constants/precision';
import { MAX_UINT256, parseAmount } from '../shared/money/decimal';
import { formatAmount, formatAmountAt } from './format-amount';

const decimalsOf = (code: string) => {
  const currency = CURRENCIES.find((entry) => entry.code === code);
  if (!currency) throw new Error(`no currency ${code}`);
  return currency.decimals;
};

/** Whole units as text -> atomic units of `code` (at its on-chain decimals). */
const units = (code: string, text: string) => {
  const value = parseAmount(text, decimalsOf(code));
  if (value === null) throw new Error(`bad amount ${text} for ${code}`);
  return value;
};

/**
 * 1234567.89999999... at each currency's decimals: rounding half-up would show ...90, so each
 * expectation also proves the digits are cut, not rounded.
 */
const SAMPLE = '1234567.899999999999999999';
const sample = (code: string) => units(code, SAMPLE.slice(0, 8 + decimalsOf(code)));
const SHOWN: Record<number, string> = {
  0: '1,234,567',
  2: '1,234,567.89',
  4: '1,234,567.8999',
  6: '1,234,567.899999',
};

/** The spec table (section 3); MST is id 28, listed as USDT. ETH Deposit is silent: 6. */
const TABLE: Record<string, Record<TransactionTypeName, number>> = {
  ETH: { invest: 2, deposit: 6, withdraw: 6, fee: 6, balance: 6, interest: 6 },
  BTC: { invest: 2, deposit: 6, withdraw: 4, fee: 4, balance: 4, interest: 4 },
  USDC: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
  BCNT: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
  USDT: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
};

describe('formatAmount: the precision table in the zh-TW format', () => {
  for (const [code, row] of Object.entries(TABLE)) {
    for (const [type, places] of Object.entries(row) as [TransactionTypeName, number][]) {
      it(`${code} ${type} shows ${places} places, cut down`, () => {
        const text = SHOWN[places];
        expect(formatAmount(sample(code), decimalsOf(code), { currency: code, type })).toBe(text);
        // the same by ids, as they come from the API
        const id = CURRENCIES.find((entry) => entry.code === code)?.id ?? 0;
        expect(currencyById(id)?.code).toBe(code);
        expect(
          formatAmount(sample(code), decimalsOf(code), {
            currency: id,
            type: TRANSACTION_TYPE[type],
          }),
        ).toBe(text);
      });
    }
  }

  it('reads MST as USDT', () => {
    expect(formatAmount(units('USDT', '1234.5'), 6, { currency: 'MST', type: 'balance' })).toBe(
      '1,234.50',
    );
    expect(formatAmount(units('USDT', '1234.5'), 6, { currency: 'MST', type: 'invest' })).toBe(
      '1,234',
    );
  });
});

describe('formatAmount: grouping, zeros, signs and rounding', () => {
  const usdt = (text: string, type: TransactionTypeName = 'balance') =>
    formatAmount(units('USDT', text), 6, { currency: 'USDT', type });

  it('groups thousands with "," and keeps trailing zeros to the shown places', () => {
    expect(usdt('0')).toBe('0.00');
    expect(usdt('999')).toBe('999.00');
    expect(usdt('1000')).toBe('1,000.00');
    expect(usdt('12.5')).toBe('12.50');
    expect(usdt('1234567890.1')).toBe('1,234,567,890.10');
    expect(usdt('100000', 'invest')).toBe('100,000');
  });

  it('rounds down (towards zero): never more than the member has', () => {
    expect(usdt('0.999999')).toBe('0.99');
    expect(usdt('999.999999')).toBe('999.99');
    expect(usdt('999.999999', 'invest')).toBe('999');
    expect(formatAmount(units('BTC', '0.99999999'), 8, { currency: 'BTC', type: 'fee' })).toBe(
      '0.9999',
    );
    expect(
      formatAmount(units('ETH', '1.999999999999999999'), 18, { currency: 'ETH', type: 'invest' }),
    ).toBe('1.99');
  });

  it('shows negatives with a leading minus, cut towards zero', () => {
    expect(usdt('-1234.5678')).toBe('-1,234.56');
    expect(usdt('-1000000', 'invest')).toBe('-1,000,000');
    expect(usdt('-0.5')).toBe('-0.50');
    // at least 0.000001 but below the shown places: zero at those places, the sign kept
    expect(usdt('-0.004')).toBe('-0.00');
  });
});

describe('formatAmount: values under 0.000001', () => {
  const eth = (atomic: bigint, type: TransactionTypeName = 'balance') =>
    formatAmount(atomic, 18, { currency: 'ETH', type });

  it('shows a positive amount under 0.000001 as "< 0.000001"', () => {
    expect(eth(1n)).toBe('< 0.000001');
    expect(eth(999_999_999_999n)).toBe('< 0.000001');
    expect(eth(999_999_999_999n, 'invest')).toBe('< 0.000001');
    expect(formatAmount(1n, 18, { currency: 'BCNT', type: 'balance' })).toBe('< 0.000001');
    expect(formatAmount(1n, 8, { currency: 'BTC', type: 'balance' })).toBe('< 0.000001');
  });

  it('shows a negative one as "> -0.000001"', () => {
    expect(eth(-1n)).toBe('> -0.000001');
  });

  it('shows 0.000001 and more at the shown places, and zero as zero', () => {
    expect(eth(1_000_000_000_000n)).toBe('0.000001');
    expect(eth(1_999_999_999_999n)).toBe('0.000001');
    expect(eth(0n)).toBe('0.000000');
    // 0.000001 USDT is the smallest USDT unit, above the rule: zero at 2 places
    expect(formatAmount(1n, 6, { currency: 'USDT', type: 'balance' })).toBe('0.00');
    expect(formatAmount(5_000_000_000_000n, 18, { currency: 'BCNT', type: 'balance' })).toBe(
      '0.00',
    );
  });

  it('applies only below the shown places', () => {
    expect(formatAmountAt(1n, 18, 18)).toBe('0.000000000000000001');
  });
});

describe('formatAmount: huge values keep every digit', () => {
  it('formats 1e27 atomic BCNT (1,000,000,000 BCNT)', () => {
    expect(formatAmount(10n ** 27n, 18, { currency: 'BCNT', type: 'balance' })).toBe(
      '1,000,000,000.00',
    );
    expect(formatAmount(10n ** 27n - 1n, 18, { currency: 'BCNT', type: 'balance' })).toBe(
      '999,999,999.99',
    );
    expect(formatAmount(10n ** 27n + 1n, 18, { currency: 'BCNT', type: 'invest' })).toBe(
      '1,000,000,000',
    );
  });

  it('formats numbers far beyond a float (2^256 - 1 wei)', () => {
    expect(formatAmount(MAX_UINT256, 18, { currency: 'ETH', type: 'balance' })).toBe(
      '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007',
    );
    expect(
      formatAmount(12_345_678_901_234_567_890_123_456_789n, 18, {
        currency: 'BCNT',
        type: 'deposit',
      }),
    ).toBe('12,345,678,901.23');
  });
});

describe('formatAmount: locales', () => {
  it('formats in zh-TW by default and in another locale on request', () => {
    const amount = units('USDT', '-1234567.891');
    expect(formatAmount(amount, 6, { currency: 'USDT', type: 'balance' })).toBe('-1,234,567.89');
    expect(formatAmount(amount, 6, { currency: 'USDT', type: 'balance', locale: 'de-DE' })).toBe(
      '-1.234.567,89',
    );
    expect(formatAmount(1n, 18, { currency: 'ETH', type: 'balance', locale: 'de-DE' })).toBe(
      '< 0,000001',
    );
  });

  it('falls back to zh-TW for an invalid locale tag', () => {
    expect(
      formatAmount(units('USDT', '1234.5'), 6, {
        currency: 'USDT',
        type: 'balance',
        locale: 'not a locale!',
      }),
    ).toBe('1,234.50');
  });

  it('formats a threshold at fixed places outside the table', () => {
    expect(formatAmountAt(10_000n * 10n ** 18n, 18, 0)).toBe('10,000');
  });
});
