import type { Abi, AbiEvent, AbiFunction, Address } from 'viem';
import * as generated from '../../../shared/contracts/generated';

/**
 * Every contract of src/shared/contracts/generated.ts (an `<id>Abi` with its `<id>Address` map),
 * so a contract added to scripts/codegen.ts shows here without a change.
 */
export interface DevContract {
  id: string;
  abi: Abi;
  /** its address on the chain asked for; undefined when not deployed there */
  address: Address;
  reads: AbiFunction[];
  writes: AbiFunction[];
  events: AbiEvent[];
}

const exports = generated as unknown as Record<string, unknown>;

/**
 * The generated contracts deployed on `chainId`, by id (a module namespace lists its exports in
 * that order in the browser anyway, whatever the file's order).
 */
export function devContracts(chainId: number): DevContract[] {
  return Object.keys(exports)
    .filter((name) => name.endsWith('Abi'))
    .sort()
    .flatMap((name) => {
      const id = name.slice(0, -'Abi'.length);
      const abi = exports[name] as Abi;
      const addresses = exports[`${id}Address`] as Partial<Record<number, Address>> | undefined;
      const address = addresses?.[chainId];
      if (!address) return [];
      const functions = abi.filter((item): item is AbiFunction => item.type === 'function');
      return [
        {
          id,
          abi,
          address,
          reads: functions.filter(
            (fn) => fn.stateMutability === 'view' || fn.stateMutability === 'pure',
          ),
          writes: functions.filter(
            (fn) => fn.stateMutability === 'nonpayable' || fn.stateMutability === 'payable',
          ),
          events: abi.filter((item): item is AbiEvent => item.type === 'event'),
        },
      ];
    });
}

/** A function's signature, e.g. `balanceOf(address account)`: tells overloads apart. */
export function signature(fn: AbiFunction): string {
  return `${fn.name}(${fn.inputs.map((input) => `${input.type}${input.name ? ` ${input.name}` : ''}`).join(', ')})`;
}
