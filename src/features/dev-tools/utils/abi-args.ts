import { isAddress, isHex, type AbiFunction, type AbiParameter } from 'viem';

/**
 * A function's arguments from what the developer typed, by ABI type: integers as whole numbers
 * (bigint), `true`/`false`, addresses, 0x bytes, strings as typed, arrays and tuples as JSON.
 * Each failure names its parameter and an args.* reason key.
 */
export type ArgReason = 'args.integer' | 'args.bool' | 'args.address' | 'args.bytes' | 'args.json';

export class ArgError extends Error {
  constructor(
    readonly parameter: string,
    readonly reason: ArgReason,
  ) {
    super(`${parameter}: ${reason}`);
    this.name = 'ArgError';
  }
}

function fromJsonValue(type: string, value: unknown, name: string, param: AbiParameter): unknown {
  if (type.endsWith(']')) {
    const inner = type.slice(0, type.lastIndexOf('['));
    if (!Array.isArray(value)) throw new ArgError(name, 'args.json');
    return value.map((item) => fromJsonValue(inner, item, name, param));
  }
  if (type === 'tuple') {
    const components = 'components' in param ? param.components : [];
    if (!Array.isArray(value) || value.length !== components.length)
      throw new ArgError(name, 'args.json');
    return components.map((component, index) =>
      fromJsonValue(component.type, value[index], name, component),
    );
  }
  return parseScalar(type, typeof value === 'string' ? value : JSON.stringify(value), name);
}

function parseScalar(type: string, text: string, name: string): unknown {
  const value = text.trim();
  if (/^u?int\d*$/.test(type)) {
    if (!/^-?\d+$/.test(value) || (type.startsWith('uint') && value.startsWith('-')))
      throw new ArgError(name, 'args.integer');
    return BigInt(value);
  }
  if (type === 'bool') {
    if (value !== 'true' && value !== 'false') throw new ArgError(name, 'args.bool');
    return value === 'true';
  }
  if (type === 'address') {
    if (!isAddress(value, { strict: false })) throw new ArgError(name, 'args.address');
    return value;
  }
  if (/^bytes\d*$/.test(type)) {
    const size = type === 'bytes' ? undefined : Number(type.slice(5));
    if (!isHex(value) || value.length % 2 !== 0) throw new ArgError(name, 'args.bytes');
    if (size !== undefined && (value.length - 2) / 2 !== size)
      throw new ArgError(name, 'args.bytes');
    return value;
  }
  return text; // string
}

/** The name shown for a parameter: its own, or its position. */
export function parameterName(param: AbiParameter, index: number): string {
  return param.name || `arg${index}`;
}

/** Parses one argument typed as text for `param`. */
export function parseArg(param: AbiParameter, text: string, index = 0): unknown {
  const name = parameterName(param, index);
  if (param.type.endsWith(']') || param.type === 'tuple') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ArgError(name, 'args.json');
    }
    return fromJsonValue(param.type, json, name, param);
  }
  return parseScalar(param.type, text, name);
}

/** All arguments of `fn` from the typed texts (same order as its inputs). */
export function parseArgs(fn: AbiFunction, texts: readonly string[]): unknown[] {
  return fn.inputs.map((param, index) => parseArg(param, texts[index] ?? '', index));
}

/** A decoded value as text: bigints in full, structs and arrays as JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
}
