import { describe, expect, it } from 'vitest';
import { nextAmountText } from './amount-text';

describe('nextAmountText', () => {
  it('accepts digits and one decimal point with at most the given decimals; blocks anything else', () => {
    expect(nextAmountText('12', '1', 8)).toBe('12');
    expect(nextAmountText('12.5', '12.', 8)).toBe('12.5');
    expect(nextAmountText('0.12345678', '0.1234567', 8)).toBe('0.12345678');
    expect(nextAmountText('0.123456789', '0.12345678', 8)).toBe('0.12345678');
    expect(nextAmountText('12.345678', '12', 6)).toBe('12.345678');
    expect(nextAmountText('12.3456789', '12.345678', 6)).toBe('12.345678');
    expect(nextAmountText('12a', '12', 8)).toBe('12');
    expect(nextAmountText('1.2.3', '1.2', 8)).toBe('1.2');
    expect(nextAmountText('-5', '', 8)).toBe('');
    expect(nextAmountText('1e5', '1', 6)).toBe('1');
    expect(nextAmountText('', '5', 8)).toBe('');
    expect(nextAmountText('1234567890123', '123456789012', 6)).toBe('123456789012');
  });

  it('reads a comma as the decimal point and gives a leading point its zero', () => {
    expect(nextAmountText('1,5', '1', 6)).toBe('1.5');
    expect(nextAmountText('.5', '', 6)).toBe('0.5');
  });
});
