import { formatUnits } from 'viem';

export interface FormatTokenAmountOptions {
  /** Token decimals (BCNT: 18). */
  decimals?: number;
  /** Fraction digits shown at most; the rest is cut off, never rounded up. */
  maxFractionDigits?: number;
}

/**
 * Atomic units -> display text with thousands separators: 10n ** 24n -> "1,000,000".
 * Exact (bigint and strings, no floats). The fraction is truncated so a balance is never shown
 * as more than it is, and trailing zeros are dropped. A non-zero amount below the smallest
 * shown digit reads "<0.0001" rather than "0".
 */
export function formatTokenAmount(
  value: bigint,
  { decimals = 18, maxFractionDigits = 4 }: FormatTokenAmountOptions = {},
): string {
  const negative = value < 0n;
  const [integer = '0', fraction = ''] = formatUnits(negative ? -value : value, decimals).split(
    '.',
  );
  const shownFraction = fraction.slice(0, maxFractionDigits).replace(/0+$/, '');
  if (value !== 0n && integer === '0' && shownFraction === '') {
    const smallest = maxFractionDigits > 0 ? `0.${'0'.repeat(maxFractionDigits - 1)}1` : '1';
    return negative ? `>-${smallest}` : `<${smallest}`;
  }
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${shownFraction ? `.${shownFraction}` : ''}`;
}
