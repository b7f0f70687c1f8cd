import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  amountToInputText,
  parseBcntAmount,
  tokenAmountToUnits,
} from './bcnt-amount';

const BCNT = 10n ** 18n;

describe('BCNT amount input', () => {
  it('parses text to atomic units exactly (no floats)', () => {
    expect(parseBcntAmount('10000')).toBe(10_000n * BCNT);
    expect(parseBcntAmount('0.1')).toBe(BCNT / 10n);
    expect(parseBcntAmount('0.00000001')).toBe(10n ** 10n);
    expect(parseBcntAmount('123456789.12345678')).toBe(12345678912345678n * 10n ** 10n);
    expect(parseBcntAmount('5.')).toBe(5n * BCNT);
    expect(parseBcntAmount('')).toBeUndefined();
    expect(parseBcntAmount('.')).toBeUndefined();
    expect(parseBcntAmount('0.123456789')).toBeUndefined();
  });

  it('Max text is cut to 8 decimals, never above the value', () => {
    expect(amountToInputText(1_000_000n * BCNT)).toBe('1000000');
    expect(amountToInputText(1_500_000_000_000_000_001n)).toBe('1.5');
    expect(amountToInputText(123_456_789_999_999_999n)).toBe('0.12345678');
    expect(parseBcntAmount(amountToInputText(123_456_789_999_999_999n))!).toBeLessThanOrEqual(
      123_456_789_999_999_999n,
    );
    expect(amountToInputText(0n)).toBe('0');
  });

  it('reads the server decimal strings', () => {
    expect(tokenAmountToUnits('37999.5')).toBe(37_999n * BCNT + BCNT / 2n);
  });

  it('validates: required, positive, not above the limit', () => {
    const limit = 100n * BCNT;
    expect(amountProblem('', limit)).toBe('required');
    expect(amountProblem('0', limit)).toBe('positive');
    expect(amountProblem('0.00000000', limit)).toBe('positive');
    expect(amountProblem('100.00000001', limit)).toBe('exceedsLimit');
    expect(amountProblem('100', limit)).toBeUndefined();
    expect(amountProblem('0.00000001', limit)).toBeUndefined();
    expect(amountProblem('5', undefined)).toBeUndefined();
  });
});
