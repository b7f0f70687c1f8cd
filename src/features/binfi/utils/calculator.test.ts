import { describe, expect, it } from 'vitest';
import { parseCalcInput, signed, tone } from './calculator';

describe('the calculator inputs', () => {
  it('takes whole units 1 to 5 and a move of -100 % to 1000 % with two decimals', () => {
    expect(parseCalcInput('3', '-12.5')).toEqual({ ok: true, units: 3, change: -12.5 });
    expect(parseCalcInput(' 5 ', '+1000')).toEqual({ ok: true, units: 5, change: 1000 });
    expect(parseCalcInput('1', '-0')).toEqual({ ok: true, units: 1, change: 0 });
    expect(parseCalcInput('1', '-100')).toEqual({ ok: true, units: 1, change: -100 });
  });

  it('refuses what the server would refuse, each field with its own reason', () => {
    expect(parseCalcInput('0', '1')).toEqual({ ok: false, errors: { units: 'unitsRange' } });
    expect(parseCalcInput('6', '1')).toEqual({ ok: false, errors: { units: 'unitsRange' } });
    expect(parseCalcInput('1.5', '')).toEqual({
      ok: false,
      errors: { units: 'unitsWhole', change: 'changeNumber' },
    });
    expect(parseCalcInput('2', '1.234')).toEqual({ ok: false, errors: { change: 'changeNumber' } });
    expect(parseCalcInput('2', '-100.01')).toEqual({
      ok: false,
      errors: { change: 'changeRange' },
    });
    expect(parseCalcInput('2', '1000.5')).toEqual({ ok: false, errors: { change: 'changeRange' } });
  });
});

describe('signed figures', () => {
  it('shows the sign of a gain and a loss, none on zero', () => {
    expect(signed('12.5')).toBe('+12.5');
    expect(signed('-3')).toBe('-3');
    expect(signed('0')).toBe('0');
    expect(signed('0.00')).toBe('0.00');
    expect([tone('1'), tone('-0.01'), tone('0')]).toEqual(['up', 'down', 'flat']);
  });
});
