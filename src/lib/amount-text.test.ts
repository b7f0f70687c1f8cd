import { describe, expect, it } from 'vitest';
import { blockedAmountReason, nextAmountText } from './amount-text';

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

describe('blockedAmountReason', () => {
  it('is null for what the field accepts', () => {
    for (const text of ['', '0', '12', '12.', '12.345678', '1,5', '.5']) {
      expect(blockedAmountReason(text, 6)).toBeNull();
    }
  });

  it('names why a keystroke is blocked', () => {
    expect(blockedAmountReason('-', 6)).toBe('negative');
    expect(blockedAmountReason('-5', 6)).toBe('negative');
    expect(blockedAmountReason('12a', 6)).toBe('character');
    expect(blockedAmountReason('1e5', 6)).toBe('character');
    expect(blockedAmountReason('1.2.3', 6)).toBe('character');
    expect(blockedAmountReason('12.3456789', 6)).toBe('decimals');
    expect(blockedAmountReason('1.5', 0)).toBe('decimals');
    expect(blockedAmountReason('1234567890123', 6)).toBe('integerDigits');
  });
});
