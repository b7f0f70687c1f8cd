import { describe, expect, it } from 'vitest';
import { isBusinessDay, nextBusinessDayAt } from './business-days';

describe('nextBusinessDayAt (UTC+8)', () => {
  it('moves a weekday to the next day at the hour', () => {
    // Monday 2026-11-23 09:00 UTC+8 -> Tuesday 12:00 UTC+8 = 04:00Z
    expect(nextBusinessDayAt(new Date('2026-11-23T01:00:00Z'), 12).toISOString()).toBe(
      '2026-11-24T04:00:00.000Z',
    );
  });

  it('uses the UTC+8 calendar day, not the UTC one', () => {
    // Monday 23:30 UTC = Tuesday 07:30 UTC+8 -> Wednesday 12:00 UTC+8
    expect(nextBusinessDayAt(new Date('2026-11-23T23:30:00Z'), 12).toISOString()).toBe(
      '2026-11-25T04:00:00.000Z',
    );
  });

  it('skips the weekend', () => {
    // Friday 2026-11-27 18:00 UTC+8 -> Monday 2026-11-30 13:00 UTC+8
    expect(nextBusinessDayAt(new Date('2026-11-27T10:00:00Z'), 13).toISOString()).toBe(
      '2026-11-30T05:00:00.000Z',
    );
    // Saturday and Sunday -> Monday
    expect(nextBusinessDayAt(new Date('2026-11-28T10:00:00Z'), 12).toISOString()).toBe(
      '2026-11-30T04:00:00.000Z',
    );
    expect(nextBusinessDayAt(new Date('2026-11-29T10:00:00Z'), 12).toISOString()).toBe(
      '2026-11-30T04:00:00.000Z',
    );
  });

  it('tells business days in UTC+8', () => {
    expect(isBusinessDay(new Date('2026-11-27T15:59:00Z'))).toBe(true); // Fri 23:59 UTC+8
    expect(isBusinessDay(new Date('2026-11-27T16:00:00Z'))).toBe(false); // Sat 00:00 UTC+8
    expect(() => nextBusinessDayAt(new Date(), 24)).toThrow(RangeError);
  });
});
