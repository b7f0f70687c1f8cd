import type { AbiFunction, AbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { bcntAbi, binFiPoolAbi } from '../../../shared/contracts/generated';
import { ArgError, formatValue, parseArg, parseArgs } from './abi-args';
import { devContracts, signature } from './dev-contracts';

const param = (type: string, extra: Partial<AbiParameter> = {}) =>
  ({ name: 'x', type, ...extra }) as AbiParameter;

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ArgError ? error.reason : 'other';
  }
  return undefined;
};

describe('parseArg', () => {
  it('reads integers, booleans, addresses, bytes and strings by ABI type', () => {
    expect(parseArg(param('uint256'), ' 1000000000000000000000000 ')).toBe(10n ** 24n);
    expect(parseArg(param('int24'), '-5')).toBe(-5n);
    expect(parseArg(param('bool'), 'true')).toBe(true);
    expect(parseArg(param('address'), '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    );
    expect(parseArg(param('bytes32'), `0x${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    expect(parseArg(param('bytes'), '0x')).toBe('0x');
    expect(parseArg(param('string'), ' as typed ')).toBe(' as typed ');
  });

  it('reads arrays and tuples as JSON, their items by type', () => {
    expect(parseArg(param('uint256[]'), '["1", 2]')).toEqual([1n, 2n]);
    expect(parseArg(param('address[2]'), `["0x${'1'.repeat(40)}","0x${'2'.repeat(40)}"]`)).toEqual([
      `0x${'1'.repeat(40)}`,
      `0x${'2'.repeat(40)}`,
    ]);
    const tuple = param('tuple', {
      components: [
        { name: 'a', type: 'uint8' },
        { name: 'b', type: 'bool' },
      ],
    } as Partial<AbiParameter>);
    expect(parseArg(tuple, '[7, "false"]')).toEqual([7n, false]);
  });

  it('names what is wrong', () => {
    expect(reason(() => parseArg(param('uint256'), '1.5'))).toBe('args.integer');
    expect(reason(() => parseArg(param('uint256'), '-1'))).toBe('args.integer');
    expect(reason(() => parseArg(param('bool'), 'yes'))).toBe('args.bool');
    expect(reason(() => parseArg(param('address'), '0x1234'))).toBe('args.address');
    expect(reason(() => parseArg(param('bytes32'), '0xabcd'))).toBe('args.bytes');
    expect(reason(() => parseArg(param('uint256[]'), '[1,'))).toBe('args.json');
    expect(reason(() => parseArg(param('uint256[]'), '{"a":1}'))).toBe('args.json');
  });

  it('parses a real ABI function (BCNT transfer)', () => {
    const transfer = bcntAbi.find(
      (item) => item.type === 'function' && item.name === 'transfer',
    ) as AbiFunction;
    expect(parseArgs(transfer, [`0x${'3'.repeat(40)}`, '5'])).toEqual([`0x${'3'.repeat(40)}`, 5n]);
    expect(signature(transfer)).toBe('transfer(address to, uint256 value)');
  });
});

describe('formatValue', () => {
  it('writes bigints in full, nested ones inside JSON', () => {
    expect(formatValue(10n ** 30n)).toBe('1000000000000000000000000000000');
    expect(formatValue({ amount: 5n, ok: true })).toBe('{"amount":"5","ok":true}');
    expect(formatValue(false)).toBe('false');
  });
});

describe('devContracts', () => {
  it('lists every generated contract deployed on the chain with its reads, writes and events', () => {
    const contracts = devContracts(31337);
    expect(contracts.map((contract) => contract.id)).toEqual([
      'allianceNft',
      'bcnt',
      'binFiPool',
      'loyaltyStaking',
      'marginVault',
      'testUsdc',
      'testUsdt',
    ]);
    const bcnt = contracts.find((contract) => contract.id === 'bcnt')!;
    expect(bcnt.reads.map((fn) => fn.name)).toContain('balanceOf');
    expect(bcnt.writes.map((fn) => fn.name)).toContain('transfer');
    expect(bcnt.writes.map((fn) => fn.name)).not.toContain('balanceOf');
    expect(bcnt.events.map((event) => event.name)).toContain('Transfer');
    const pool = contracts.find((contract) => contract.id === 'binFiPool')!;
    expect(pool.abi).toBe(binFiPoolAbi);
  });

  it('lists nothing on a chain without deployments', () => {
    expect(devContracts(999_999)).toEqual([]);
  });
});
