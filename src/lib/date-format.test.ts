import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toRocYear } from './date-format';

describe('date formats (UTC+8)', () => {
  it('formats a UTC instant in UTC+8, crossing midnight', () => {
    expect(formatDateTime('2022-01-12T09:00:00Z')).toBe('2022/01/12 17:00');
    expect(formatDateTime('2022-01-12T17:30:00Z')).toBe('2022/01/13 01:30');
    expect(formatDate('2022-01-12T17:30:00Z')).toBe('2022/01/13');
  });

  it('keeps an offset given in the input', () => {
    expect(formatDateTime('2022-01-12T17:00:00+08:00')).toBe('2022/01/12 17:00');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });

  it('converts to the ROC year', () => {
    expect(toRocYear(2024)).toBe(113);
  });
});
