import { describe, expect, it } from 'vitest';
import { CONVERT_DIRECTIONS } from '../../../shared/constants/convert-rules';
import { amountUnits, unitsToText } from './amount-text';
import { convertPreview } from './convert-preview';
import { convertInfo } from '../test-utils';

const [toBcnt, toUsdt] = CONVERT_DIRECTIONS;
const USDT = (n: bigint) => n * 10n ** 6n;
const BCNT = (n: bigint) => n * 10n ** 18n;

describe('convertPreview', () => {
  it('prices like the server: rounded down, exact bigint maths', () => {
    const info = convertInfo();
    expect(convertPreview(info, info.quote, toBcnt!, USDT(10n)).receive).toBe(
      33_333_333_333_333_333_333n,
    );
    // 100.000000000000000001 BCNT at 0.3 -> 30 USDT exactly (the 3e-19 is cut)
    expect(convertPreview(info, info.quote, toUsdt!, BCNT(100n) + 1n).receive).toBe(USDT(30n));
  });

  it('names the first rule an amount breaks, in the server order', () => {
    const info = convertInfo();
    const q = info.quote;
    expect(convertPreview(info, q, toBcnt!, USDT(9n)).problem).toBe('belowMinimum');
    expect(convertPreview(info, q, toUsdt!, BCNT(99n)).problem).toBe('belowMinimum');
    expect(convertPreview(info, q, toBcnt!, USDT(1001n)).problem).toBe('insufficientBalance');
    expect(convertPreview(info, q, toBcnt!, USDT(1000n)).problem).toBeUndefined();
    const empty = convertInfo({ platformRemaining: '0' });
    expect(convertPreview(empty, q, toBcnt!, USDT(10n)).problem).toBe('allConverted');
    // selling BCNT does not need the platform's supply
    expect(convertPreview(empty, q, toUsdt!, BCNT(100n)).problem).toBeUndefined();
    const low = convertInfo({ platformRemaining: '30', memberRemainingUsdt: '20' });
    expect(convertPreview(low, q, toBcnt!, USDT(10n)).problem).toBe('quotaInsufficient');
    expect(convertPreview(low, q, toUsdt!, BCNT(100n)).problem).toBe('quotaInsufficient');
  });
});

describe('amount text', () => {
  it('reads and writes exact units', () => {
    expect(amountUnits('0.000000000000000001', 18)).toBe(1n);
    expect(amountUnits('12.', 6)).toBe(12_000_000n);
    expect(amountUnits('', 6)).toBeUndefined();
    expect(unitsToText(5_000_000_000_000_000_001n, 18)).toBe('5.000000000000000001');
  });
});
