/**
 * The calculator's inputs as the member types them (EstimatedReturn): whole units 1..5 and the
 * traded market's move over the full term in % (-100 .. 1000, at most two decimals, as the
 * server reads it in basis points). The answer itself comes from the server, which computes it
 * with the arithmetic it settles with (domain/binfi/charts.ts, terms.ts).
 */
export const CALC_UNITS_MAX = 5;
export const CALC_CHANGE_MIN = -100;
export const CALC_CHANGE_MAX = 1000;

export type CalcInputError = 'unitsWhole' | 'unitsRange' | 'changeNumber' | 'changeRange';

export type CalcInput =
  | { ok: true; units: number; change: number }
  | { ok: false; errors: Partial<Record<'units' | 'change', CalcInputError>> };

const WHOLE = /^\d+$/;
const PERCENT = /^[+-]?\d+(\.\d{1,2})?$/;

export function parseCalcInput(unitsText: string, changeText: string): CalcInput {
  const errors: Partial<Record<'units' | 'change', CalcInputError>> = {};
  const unitsTrimmed = unitsText.trim();
  const units = Number(unitsTrimmed);
  if (!WHOLE.test(unitsTrimmed)) errors.units = 'unitsWhole';
  else if (units < 1 || units > CALC_UNITS_MAX) errors.units = 'unitsRange';
  const changeTrimmed = changeText.trim();
  const change = Number(changeTrimmed);
  if (!PERCENT.test(changeTrimmed)) errors.change = 'changeNumber';
  else if (change < CALC_CHANGE_MIN || change > CALC_CHANGE_MAX) errors.change = 'changeRange';
  if (errors.units || errors.change) return { ok: false, errors };
  // -0 and +0 ask the same question
  return { ok: true, units, change: change === 0 ? 0 : change };
}

/** A signed decimal of the API (profit, PnL) with its sign always shown: +12.5 / -3 / 0. */
export function signed(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return trimmed;
  return /^0(\.0+)?$/.test(trimmed) ? trimmed : `+${trimmed}`;
}

/** A signed decimal's direction, for its colour. */
export function tone(text: string): 'up' | 'down' | 'flat' {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return 'down';
  return /^\+?0(\.0+)?$/.test(trimmed) ? 'flat' : 'up';
}
