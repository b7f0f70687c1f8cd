import { describe, expect, it } from 'vitest';
import {
  checkFutureDate,
  checkPassportNumber,
  checkPastDate,
  checkTaiwanNationalId,
  isTaiwanNationalId,
  parseFormDate,
} from './kyc';

describe('Taiwan national ID checksum', () => {
  it('accepts valid citizen and resident numbers, in either case', () => {
    for (const id of ['A123456789', 'a123456789', 'F131104093', 'A800000014']) {
      expect(isTaiwanNationalId(id), id).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong shape and an impossible gender digit', () => {
    for (const id of ['A123456788', 'A12345678', '1123456789', 'A323456789', 'AB23456789', '']) {
      expect(isTaiwanNationalId(id), id).toBe(false);
    }
    expect(checkTaiwanNationalId('A123456788')).toBe('Incorrect ID No. format');
    expect(checkTaiwanNationalId('A123456789')).toBeNull();
  });
});

describe('dates and passport numbers', () => {
  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseFormDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseFormDate('2023-02-29')).toBeNull();
    expect(parseFormDate('2024/02/01')).toBeNull();
  });

  it('keeps issuance and birth dates in the past and expiry in the future', () => {
    expect(checkPastDate('2020-01-01', '2026-11-23')).toBeNull();
    expect(checkPastDate('2027-01-01', '2026-11-23')).toBe('kyc_date_in_future');
    expect(checkFutureDate('2030-01-01', '2026-11-23')).toBeNull();
    expect(checkFutureDate('2026-11-23', '2026-11-23')).toBe('kyc_date_expired');
    expect(checkFutureDate('soon', '2026-11-23')).toBe('kyc_date_format');
  });

  it('takes 6-20 letters and digits as a passport number', () => {
    expect(checkPassportNumber('X1234567')).toBeNull();
    expect(checkPassportNumber('X12')).toBe('kyc_passport_format');
    expect(checkPassportNumber('X123-4567')).toBe('kyc_passport_format');
  });
});
