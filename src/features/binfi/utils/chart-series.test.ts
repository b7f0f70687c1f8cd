import { describe, expect, it } from 'vitest';
import { addMonths, equityPoints, extremes, supplierReturnPoints } from './chart-series';

describe('BinFi chart series', () => {
  it('adds calendar months in UTC (the same day of the month)', () => {
    const start = Date.parse('2026-01-10T03:00:00.000Z');
    expect(new Date(addMonths(start, 1)).toISOString()).toBe('2026-02-10T03:00:00.000Z');
    expect(new Date(addMonths(start, 12)).toISOString()).toBe('2027-01-10T03:00:00.000Z');
  });

  it('draws a drawdown of 0 as 0, never -0, and leaves out unreadable points', () => {
    const { drawdown, equity } = equityPoints({
      fundId: 1,
      maxDrawdown: '2',
      points: [
        { time: '2026-01-01T00:00:00.000Z', equity: '100', drawdown: '0' },
        { time: 'not a time', equity: '99', drawdown: '1' },
        { time: '2026-01-01T00:05:00.000Z', equity: '98', drawdown: '2' },
      ],
    });
    expect(Object.is(drawdown[0]!.value, 0)).toBe(true);
    expect(drawdown.map((p) => p.value)).toEqual([0, -2]);
    expect(equity).toHaveLength(2);
  });

  it('keeps a month without a payment out of the paid line', () => {
    const { expected, paid, months } = supplierReturnPoints(
      {
        fundId: 1,
        unitPrice: '100',
        rockApr: '8',
        points: [
          { month: 1, expected: '0.66', paid: null },
          { month: 2, expected: '1.32', paid: '1.32' },
        ],
      },
      '2026-01-31T00:00:00.000Z',
    );
    expect(expected.map((p) => p.value)).toEqual([0.66, 1.32]);
    expect(paid.map((p) => p.value)).toEqual([1.32]);
    expect([...months.values()]).toEqual([1, 2]);
  });

  it('finds the lowest and highest point', () => {
    expect(
      extremes([
        { at: 1, value: 3 },
        { at: 2, value: -1 },
        { at: 3, value: 5 },
      ]),
    ).toEqual({ low: { at: 2, value: -1 }, high: { at: 3, value: 5 } });
    expect(extremes([])).toEqual({ low: undefined, high: undefined });
  });
});
