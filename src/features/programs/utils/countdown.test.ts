import { describe, expect, it } from 'vitest';
import { countdownTo } from './countdown';

describe('countdownTo', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const now = Date.parse('2025-03-01T04:00:00Z');
    expect(countdownTo(Date.parse('2025-03-03T06:07:08Z'), now)).toEqual({
      days: 2,
      hours: 2,
      minutes: 7,
      seconds: 8,
      done: false,
    });
  });

  it('is done at and after the moment, never negative', () => {
    const at = Date.parse('2025-03-01T04:00:00Z');
    expect(countdownTo(at, at)).toMatchObject({ days: 0, seconds: 0, done: true });
    expect(countdownTo(at, at + 5000)).toMatchObject({ days: 0, seconds: 0, done: true });
    expect(countdownTo(at, at - 999).done).toBe(true);
  });
});
