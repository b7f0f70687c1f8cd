/**
 * Exchange amounts and prices as bigint in units of 1e-8 (Bitfinex accepts at most 8 decimals;
 * more are truncated, as its API does). Decimal strings on the wire, never floats.
 */
export const EXCHANGE_DECIMALS = 8;
export const ONE = 10n ** BigInt(EXCHANGE_DECIMALS);

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A decimal string or number to units of 1e-8, truncated toward zero past the 8th decimal.
 * Exponent notation (what a float's toString gives for 1e-7) is accepted; anything else throws.
 */
export function toUnits(value: string | number): bigint {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${String(value)}`);
  const [, sign, whole = '0', fraction = '', exponentText] = match;
  let digits = whole + fraction;
  let point = whole.length + Number(exponentText ?? 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point + EXCHANGE_DECIMALS, '0');
  const units = BigInt(digits.slice(0, point + EXCHANGE_DECIMALS) || '0');
  return sign ? -units : units;
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  return value.toString();
}

/** Units of 1e-8 to a plain decimal string without trailing zeros ("0.5", "-12", "0.00000001"). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(EXCHANGE_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** a x b for two unit amounts (price x amount), rounded toward zero */
export function mulUnits(a: bigint, b: bigint): bigint {
  return (a * b) / ONE;
}

/** a x b rounded up (away from zero for positive operands): what is reserved or charged */
export function mulUnitsUp(a: bigint, b: bigint): bigint {
  const product = a * b;
  return product % ONE === 0n ? product / ONE : product / ONE + (product > 0n ? 1n : -1n);
}

export function absUnits(value: bigint): bigint {
  return value < 0n ? -value : value;
}

export function minUnits(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
