import { describe, expect, it } from 'vitest';
import type { EarnEvent } from '../../../../shared/api/earn';
import {
  accumulatedRewardPoints,
  annualisedReturnPoints,
  appliedRatePoints,
  dayTimestamp,
  drawdownPoints,
  formatAxisDay,
  maxDrawdown,
  navPoints,
} from './series';

const nav = (values: number[]) =>
  values.map((value, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, value }));

function event(overrides: Partial<EarnEvent>): EarnEvent {
  return {
    id: 1,
    kind: 'reward',
    amount: '0.1',
    currency: 'USDT',
    day: '2026-01-01',
    level: 1,
    rate: 8,
    term: 1,
    at: '2026-01-01T16:00:00.000Z',
    ...overrides,
  };
}

describe('drawdown from the NAV', () => {
  it('is (nav - running peak) / peak in percent: 0 at each new high, negative below it', () => {
    const points = drawdownPoints(nav([1, 1.1, 0.99, 1.045, 1.2, 0.9]));
    expect(points.map((p) => p.day)).toEqual(nav([1, 1, 1, 1, 1, 1]).map((p) => p.day));
    const values = points.map((p) => p.value);
    expect(values[0]).toBe(0);
    expect(values[1]).toBe(0);
    expect(values[2]).toBeCloseTo(-10, 10); // 0.99 vs the 1.1 peak
    expect(values[3]).toBeCloseTo(-5, 10); // 1.045 vs 1.1
    expect(values[4]).toBe(0); // a new high resets it
    expect(values[5]).toBeCloseTo(-25, 10); // 0.9 vs 1.2
    expect(maxDrawdown(nav([1, 1.1, 0.99, 1.045, 1.2, 0.9]))).toBeCloseTo(-25, 10);
  });

  it('never goes positive, and a rising NAV has none (no "-0")', () => {
    const rising = drawdownPoints(nav([1, 1.01, 1.02]));
    expect(rising.every((p) => Object.is(p.value, 0))).toBe(true);
    expect(maxDrawdown([])).toBe(0);
    expect(drawdownPoints([])).toEqual([]);
  });

  it('matches what the server computes for the same NAV (domain/earn productNav)', () => {
    // server: drawdown = percent(value / peak - 1)
    const values = [1, 1.02, 0.97, 1.01, 1.05, 1.0];
    let peak = 0;
    const server = values.map((v) => {
      peak = Math.max(peak, v);
      return (v / peak - 1) * 100;
    });
    drawdownPoints(nav(values)).forEach((p, i) => expect(p.value).toBeCloseTo(server[i]!, 10));
  });
});

describe('the NAV series', () => {
  it('is sorted by day and leaves out unparsable or non-positive values', () => {
    const points = navPoints([
      { day: '2026-01-03', nav: '1.03', drawdown: 0 },
      { day: '2026-01-01', nav: '1', drawdown: 0 },
      { day: '2026-01-02', nav: '0', drawdown: 0 },
      { day: 'bad', nav: '1.2', drawdown: 0 },
    ]);
    expect(points).toEqual([
      { day: '2026-01-01', value: 1 },
      { day: '2026-01-03', value: 1.03 },
    ]);
  });

  it('places a day at midnight UTC of that date, shown back as YYYY/MM/DD in any zone', () => {
    expect(dayTimestamp('2026-03-09')).toBe(Date.UTC(2026, 2, 9));
    expect(formatAxisDay(dayTimestamp('2026-03-09'))).toBe('2026/03/09');
    expect(Number.isNaN(dayTimestamp('2026/03/09'))).toBe(true);
  });
});

describe('annualised return since the first NAV', () => {
  it('starts 30 days after the first NAV and compounds to a year', () => {
    const points = [
      { day: '2026-01-01', value: 1 },
      { day: '2026-01-11', value: 1.01 },
      { day: '2026-01-31', value: 1.01 },
      { day: '2027-01-01', value: 1.1 },
    ];
    const annualised = annualisedReturnPoints(points);
    expect(annualised.map((p) => p.day)).toEqual(['2026-01-31', '2027-01-01']);
    expect(annualised[0]!.value).toBeCloseTo((Math.pow(1.01, 365 / 30) - 1) * 100, 8);
    expect(annualised[1]!.value).toBeCloseTo(10, 8); // 365 days: the plain return
    expect(annualisedReturnPoints([])).toEqual([]);
  });
});

describe('a subscription’s reward events', () => {
  it('add up by day exactly in atomic units, rewards and compounded rewards only', () => {
    const events = [
      event({ id: 1, day: '2026-01-02', amount: '0.219178' }),
      event({ id: 2, day: '2026-01-01', amount: '0.219178' }),
      event({ id: 3, kind: 'compound', day: '2026-01-03', amount: '0.2' }),
      event({ id: 4, kind: 'subscribe', day: null, amount: '-1000' }),
      event({ id: 5, kind: 'fee', day: '2026-01-03', amount: '-5' }),
      // two events on one day are one point
      event({ id: 6, day: '2026-01-03', amount: '0.000001' }),
    ];
    expect(accumulatedRewardPoints(events, 'USDT')).toEqual([
      { day: '2026-01-01', total: 219178n },
      { day: '2026-01-02', total: 438356n },
      { day: '2026-01-03', total: 638357n },
    ]);
    expect(accumulatedRewardPoints([], 'USDT')).toEqual([]);
  });

  it('use the UTC+8 day of the event time when an event has no reward day', () => {
    const points = accumulatedRewardPoints(
      [event({ day: null, at: '2026-01-01T17:00:00.000Z', amount: '1' })],
      'USDT',
    );
    expect(points).toEqual([{ day: '2026-01-02', total: 1_000_000n }]);
  });

  it('give the rate applied on each reward day (the level rate that day)', () => {
    const events = [
      event({ id: 1, day: '2026-01-02', rate: 9, level: 2 }),
      event({ id: 2, day: '2026-01-01', rate: 8 }),
      event({ id: 3, kind: 'subscribe', day: null, rate: null, amount: '-1000' }),
    ];
    expect(appliedRatePoints(events)).toEqual([
      { day: '2026-01-01', value: 8 },
      { day: '2026-01-02', value: 9 },
    ]);
  });
});
