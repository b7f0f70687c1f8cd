import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AmountMessage,
  MAX_UINT256,
  amountSchema,
  checkAmount,
  convertUnits,
  divide,
  formatAtomic,
  mulDivCeil,
  mulDivFloor,
  parseAmount,
  type Rounding,
} from './decimal';

/** mulberry32: a seeded generator, so a failing case can be reproduced. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** a bigint of 1 to maxDigits random digits (many small ones too), random sign */
  const bigint = (maxDigits = 60) => {
    const length = int(1, int(0, 1) === 0 ? 4 : maxDigits);
    let digits = '';
    for (let i = 0; i < length; i += 1) digits += String(int(0, 9));
    const value = BigInt(digits);
    return int(0, 1) === 0 ? -value : value;
  };
  return { int, bigint };
}

const RUNS = 2000;
const CANONICAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe('parseAmount / formatAtomic', () => {
  it('round-trips random amounts at random decimals, in canonical form', () => {
    const random = generator(20240601);
    for (let run = 0; run < RUNS; run += 1) {
      const units = random.bigint();
      const decimals = random.int(0, 30);
      const text = formatAtomic(units, decimals);
      expect(text, `${units} at ${decimals}`).toMatch(CANONICAL);
      expect(parseAmount(text, decimals), text).toBe(units);
    }
  });

  it('reads the same amount from non-canonical text (sign, leading and trailing zeros, outer spaces)', () => {
    const random = generator(7);
    for (let run = 0; run < RUNS; run += 1) {
      const units = random.bigint();
      const decimals = random.int(1, 30);
      const canonical = formatAtomic(units < 0n ? -units : units, decimals);
      const [integer = '', fraction = ''] = canonical.split('.');
      const padded = `${'0'.repeat(random.int(0, 3))}${integer}.${fraction.padEnd(random.int(fraction.length, decimals), '0') || '0'}`;
      const text = ` \t${units < 0n ? '-' : random.int(0, 1) ? '+' : ''}${padded}\n `;
      expect(parseAmount(text, decimals), JSON.stringify(text)).toBe(units);
    }
  });

  it('formats known values', () => {
    expect(formatAtomic(1_234_500_000n, 6)).toBe('1234.5');
    expect(formatAtomic(0n, 18)).toBe('0');
    expect(formatAtomic(-1n, 6)).toBe('-0.000001');
    expect(formatAtomic(1_000_000n, 6)).toBe('1');
    expect(formatAtomic(42n, 0)).toBe('42');
    expect(formatAtomic(10n ** 27n, 18)).toBe('1000000000');
    expect(formatAtomic(MAX_UINT256, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
  });

  it('parses known values', () => {
    expect(parseAmount('1234.5', 6)).toBe(1_234_500_000n);
    expect(parseAmount('0.000001', 6)).toBe(1n);
    expect(parseAmount('-0.000001', 6)).toBe(-1n);
    expect(parseAmount('-0', 6)).toBe(0n);
    expect(parseAmount('+12', 0)).toBe(12n);
    expect(parseAmount('007.10', 2)).toBe(710n);
    expect(parseAmount('  1000000000  ', 18)).toBe(10n ** 27n);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'only spaces'],
    ['1 000', 'space inside'],
    ['1\u00a0000', 'no-break space inside'],
    ['- 1', 'space after the sign'],
    ['1e6', 'exponent'],
    ['1E-6', 'exponent'],
    ['1,000', 'grouping'],
    ['1,5', 'comma as decimal point'],
    ['.5', 'no integer digits'],
    ['5.', 'no fraction digits'],
    ['.', 'only a point'],
    ['+', 'only a sign'],
    ['--1', 'two signs'],
    ['+-1', 'two signs'],
    ['1.2.3', 'two points'],
    ['0x10', 'hexadecimal'],
    ['Infinity', 'not a number'],
    ['NaN', 'not a number'],
    ['１２３', 'full-width digits'],
    ['\u22121', 'unicode minus'],
    ['1'.repeat(101), 'longer than 100 characters'],
  ])('refuses %j (%s)', (text) => {
    expect(parseAmount(text, 18)).toBeNull();
  });

  it('refuses more fraction digits than the currency has, even zeros', () => {
    expect(parseAmount('1.0000001', 6)).toBeNull();
    expect(parseAmount('1.0000000', 6)).toBeNull();
    expect(parseAmount('1.5', 0)).toBeNull();
    expect(parseAmount('1.000000', 6)).toBe(1_000_000n);
  });

  it('refuses a non-string at run time', () => {
    expect(parseAmount(1.5 as unknown as string, 6)).toBeNull();
  });

  it('throws for impossible decimals', () => {
    expect(() => parseAmount('1', -1)).toThrow(RangeError);
    expect(() => parseAmount('1', 1.5)).toThrow(RangeError);
    expect(() => formatAtomic(1n, 256)).toThrow(RangeError);
    expect(() => convertUnits(1n, 6, Number.NaN, 'floor')).toThrow(RangeError);
  });
});

describe('divide / mulDivFloor / mulDivCeil', () => {
  it('rounds known values in the documented direction', () => {
    expect(divide(3n, 2n, 'floor')).toBe(1n);
    expect(divide(3n, 2n, 'ceil')).toBe(2n);
    expect(divide(3n, 2n, 'trunc')).toBe(1n);
    expect(divide(-3n, 2n, 'floor')).toBe(-2n);
    expect(divide(-3n, 2n, 'ceil')).toBe(-1n);
    expect(divide(-3n, 2n, 'trunc')).toBe(-1n);
    expect(divide(3n, -2n, 'floor')).toBe(-2n);
    expect(divide(-3n, -2n, 'ceil')).toBe(2n);
    expect(divide(4n, 2n, 'ceil')).toBe(2n);
    expect(divide(-4n, 2n, 'floor')).toBe(-2n);
  });

  it('keeps fees and payouts exact: 0.1% of 1234.567891 USDT', () => {
    expect(mulDivFloor(1_234_567_891n, 1n, 1000n)).toBe(1_234_567n);
    expect(mulDivCeil(1_234_567_891n, 1n, 1000n)).toBe(1_234_568n);
    // the product is not rounded before the division
    expect(mulDivFloor(10n ** 30n + 1n, 10n ** 30n, 10n ** 30n)).toBe(10n ** 30n + 1n);
  });

  it('brackets the exact quotient for random values', () => {
    const random = generator(99);
    for (let run = 0; run < RUNS; run += 1) {
      const a = random.bigint(30);
      const b = random.bigint(30);
      let c = random.bigint(20);
      if (c === 0n) c = 7n;
      // compare with the exact value a*b/c through cross-multiplication by |c|
      const [numerator, denominator] = c < 0n ? [-(a * b), -c] : [a * b, c];
      const floor = mulDivFloor(a, b, c);
      const ceil = mulDivCeil(a, b, c);
      const label = `${a} * ${b} / ${c}`;
      expect(floor * denominator <= numerator, label).toBe(true);
      expect(numerator < (floor + 1n) * denominator, label).toBe(true);
      expect((ceil - 1n) * denominator < numerator, label).toBe(true);
      expect(numerator <= ceil * denominator, label).toBe(true);
      expect(ceil - floor, label).toBe(numerator % denominator === 0n ? 0n : 1n);
      expect(divide(a * b, c, 'trunc'), label).toBe((a * b) / c);
    }
  });

  it('refuses a zero divisor', () => {
    expect(() => mulDivFloor(1n, 1n, 0n)).toThrow(RangeError);
    expect(() => mulDivCeil(1n, 1n, 0n)).toThrow(RangeError);
  });
});

describe('convertUnits', () => {
  it('widens exactly and narrows in the asked direction', () => {
    expect(convertUnits(1_500_000n, 6, 18, 'floor')).toBe(15n * 10n ** 17n);
    expect(convertUnits(1_999_999n, 6, 2, 'floor')).toBe(199n);
    expect(convertUnits(1_999_999n, 6, 2, 'ceil')).toBe(200n);
    expect(convertUnits(-1_999_999n, 6, 2, 'floor')).toBe(-200n);
    expect(convertUnits(-1_999_999n, 6, 2, 'trunc')).toBe(-199n);
    expect(convertUnits(-1_999_999n, 6, 2, 'ceil')).toBe(-199n);
    expect(convertUnits(123n, 8, 8, 'ceil')).toBe(123n);
  });

  it('round-trips random amounts through wider decimals, whatever the rounding', () => {
    const random = generator(5);
    const roundings: Rounding[] = ['floor', 'ceil', 'trunc'];
    for (let run = 0; run < RUNS; run += 1) {
      const units = random.bigint();
      const from = random.int(0, 18);
      const to = from + random.int(0, 18);
      const rounding = roundings[random.int(0, 2)] ?? 'floor';
      const wide = convertUnits(units, from, to, rounding);
      expect(convertUnits(wide, to, from, rounding)).toBe(units);
      // the text is the same amount at both precisions
      expect(formatAtomic(wide, to)).toBe(formatAtomic(units, from));
    }
  });

  it('never gains value when narrowing down (floor) and never loses it when narrowing up (ceil)', () => {
    const random = generator(11);
    for (let run = 0; run < RUNS; run += 1) {
      const units = random.bigint();
      const from = random.int(1, 30);
      const to = random.int(0, from - 1);
      const down = convertUnits(units, from, to, 'floor');
      const up = convertUnits(units, from, to, 'ceil');
      expect(convertUnits(down, to, from, 'floor') <= units).toBe(true);
      expect(convertUnits(up, to, from, 'floor') >= units).toBe(true);
      expect(up - down).toBeLessThanOrEqual(1n);
    }
  });
});

describe('checkAmount / amountSchema', () => {
  it('reports the first failing rule', () => {
    expect(checkAmount('10.5', 6)).toBeNull();
    expect(checkAmount('abc', 6)).toBe(AmountMessage.format);
    expect(checkAmount('1.1234567', 6)).toBe(AmountMessage.tooManyDecimals);
    expect(checkAmount('-1', 6)).toBe(AmountMessage.belowMin);
    expect(checkAmount('0', 6, { positive: true })).toBe(AmountMessage.notPositive);
    expect(checkAmount('-1', 6, { positive: true })).toBe(AmountMessage.notPositive);
    expect(checkAmount('99.99', 6, { min: 100_000_000n })).toBe(AmountMessage.belowMin);
    expect(checkAmount('100', 6, { min: 100_000_000n })).toBeNull();
    expect(checkAmount('10000.000001', 6, { max: 10_000_000_000n })).toBe(AmountMessage.aboveMax);
    expect(checkAmount('-5', 6, { min: -10_000_000n })).toBeNull();
  });

  it('uses a message the caller gives', () => {
    expect(
      checkAmount('1', 6, { min: 100_000_000n, messages: { belowMin: 'Minimum Withdrawal' } }),
    ).toBe('Minimum Withdrawal');
  });

  it('refuses by default what the chain and the database cannot hold', () => {
    expect(checkAmount(formatAtomic(MAX_UINT256, 18), 18)).toBeNull();
    expect(checkAmount(formatAtomic(MAX_UINT256 + 1n, 18), 18)).toBe(AmountMessage.aboveMax);
  });

  it('validates a request body and outputs the canonical amount', () => {
    const body = z.object({ amount: amountSchema(6, { positive: true }) });
    expect(body.parse({ amount: ' +0010.50 ' })).toEqual({ amount: '10.5' });
    expect(body.parse({ amount: '0.000001' })).toEqual({ amount: '0.000001' });

    const refused = body.safeParse({ amount: '0.0000001' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toHaveLength(1);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['amount'],
      message: AmountMessage.tooManyDecimals,
    });
    expect(body.safeParse({ amount: '0' }).error?.issues[0]?.message).toBe(
      AmountMessage.notPositive,
    );
    expect(body.safeParse({ amount: '1e3' }).error?.issues[0]?.message).toBe(AmountMessage.format);
  });

  it('refuses a JSON number: amounts travel as strings, never floats', () => {
    expect(amountSchema(6).safeParse(1.5).success).toBe(false);
  });

  it('throws at creation for contradictory bounds', () => {
    expect(() => amountSchema(6, { min: 10n, max: 1n })).toThrow(RangeError);
    expect(() => amountSchema(-1)).toThrow(RangeError);
  });
});
