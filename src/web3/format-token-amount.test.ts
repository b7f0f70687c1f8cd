import { describe, expect, it } from 'vitest';
import { formatTokenAmount } from './format-token-amount';

const BCNT = 10n ** 18n;

describe('formatTokenAmount', () => {
  it('groups thousands and drops a zero fraction', () => {
    expect(formatTokenAmount(1_000_000n * BCNT)).toBe('1,000,000');
    expect(formatTokenAmount(1_000_000_000n * BCNT)).toBe('1,000,000,000');
    expect(formatTokenAmount(999n * BCNT)).toBe('999');
    expect(formatTokenAmount(1_000n * BCNT)).toBe('1,000');
    expect(formatTokenAmount(0n)).toBe('0');
  });

  it('shows at most four fraction digits, truncated, trailing zeros dropped', () => {
    expect(formatTokenAmount(1_234_567n * BCNT + (BCNT * 89_999n) / 100_000n)).toBe(
      '1,234,567.8999',
    );
    expect(formatTokenAmount(BCNT + BCNT / 2n)).toBe('1.5');
    expect(formatTokenAmount(BCNT * 2n + BCNT / 10_000n)).toBe('2.0001');
    expect(formatTokenAmount(BCNT * 2n + BCNT / 100_000n)).toBe('2');
  });

  it('is exact beyond float precision', () => {
    // 9,007,199,254,740,993 tokens (2^53 + 1) plus one wei: a float would print ...992.
    expect(formatTokenAmount((2n ** 53n + 1n) * BCNT + 1n)).toBe('9,007,199,254,740,993');
    expect(formatTokenAmount(123_456_789_012_345_678_901_234_567n)).toBe('123,456,789.0123');
  });

  it('never shows a non-zero dust amount as zero', () => {
    expect(formatTokenAmount(1n)).toBe('<0.0001');
    expect(formatTokenAmount(BCNT / 100_000n)).toBe('<0.0001');
    expect(formatTokenAmount(-1n)).toBe('>-0.0001');
  });

  it('honours decimals and maxFractionDigits', () => {
    expect(formatTokenAmount(1_234_567_891n, { decimals: 6 })).toBe('1,234.5678');
    expect(formatTokenAmount(1_234_567_891n, { decimals: 6, maxFractionDigits: 2 })).toBe(
      '1,234.56',
    );
    expect(formatTokenAmount(1_234_567_891n, { decimals: 6, maxFractionDigits: 0 })).toBe('1,234');
    expect(formatTokenAmount(1234n, { decimals: 0 })).toBe('1,234');
    expect(formatTokenAmount(-1_500_000n * BCNT)).toBe('-1,500,000');
  });
});
