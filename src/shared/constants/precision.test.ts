import { describe, expect, it } from 'vitest';
import { CURRENCY_ID } from './currencies';
import {
  DEFAULT_DISPLAY_DECIMALS,
  TRANSACTION_TYPE,
  displayDecimals,
  type TransactionTypeName,
} from './precision';

/** The spec's table (section 3), written out cell by cell; ETH Deposit is silent: default 6. */
const SPEC_TABLE: Record<string, Record<TransactionTypeName, number>> = {
  ETH: { invest: 2, deposit: 6, withdraw: 6, fee: 6, balance: 6, interest: 6 },
  BTC: { invest: 2, deposit: 6, withdraw: 4, fee: 4, balance: 4, interest: 4 },
  USDC: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
  BCNT: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
  MST: { invest: 0, deposit: 2, withdraw: 2, fee: 2, balance: 2, interest: 2 },
};

describe('displayDecimals', () => {
  it('has the spec ids for transaction types', () => {
    expect(TRANSACTION_TYPE).toEqual({
      invest: 1,
      deposit: 2,
      withdraw: 3,
      fee: 4,
      balance: 5,
      interest: 6,
    });
  });

  for (const [code, row] of Object.entries(SPEC_TABLE)) {
    for (const [typeName, places] of Object.entries(row) as [TransactionTypeName, number][]) {
      it(`${code} ${typeName}: ${places} places, by code, id and type id`, () => {
        const id = CURRENCY_ID[code as keyof typeof CURRENCY_ID];
        expect(displayDecimals(code, typeName)).toBe(places);
        expect(displayDecimals(id, typeName)).toBe(places);
        expect(displayDecimals(id, TRANSACTION_TYPE[typeName])).toBe(places);
      });
    }
  }

  it('reads USDT (id 28) from the MST entry and accepts codes in any case', () => {
    expect(displayDecimals('USDT', 'invest')).toBe(0);
    expect(displayDecimals('usdt', 'balance')).toBe(2);
    expect(displayDecimals(' bcnt ', 'invest')).toBe(0);
    expect(displayDecimals(28, 'fee')).toBe(2);
  });

  it('uses the default 6 where the table is silent or the input unknown', () => {
    expect(DEFAULT_DISPLAY_DECIMALS).toBe(6);
    expect(displayDecimals('ETH', 'deposit')).toBe(6);
    expect(displayDecimals('DOGE', 'invest')).toBe(6);
    expect(displayDecimals(99, 'balance')).toBe(6);
    expect(displayDecimals('toString', 'balance')).toBe(6);
    expect(displayDecimals('BCNT', 7)).toBe(6);
    expect(displayDecimals('BCNT', 0)).toBe(6);
  });
});
