import {
  type AbiEvent,
  decodeEventLog,
  encodeAbiParameters,
  encodeEventTopics,
  getAbiItem,
  getAddress,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { marginVaultDecoder } from '../../src/server/chain/decoders/margin-vault';
import { CHAIN_DECODERS } from '../../src/server/chain/decoders';
import { marginVaultAbi, marginVaultAddress } from '../../src/shared/contracts/generated';

/** The MarginVault decoder module: which contract, which events, and the rows it makes. */

const MEMBER = getAddress('0x00000000000000000000000000000000000000aa');
const TOKEN = getAddress('0x00000000000000000000000000000000000000bb');
const OPERATOR = getAddress('0x00000000000000000000000000000000000000cc');
const TREASURY = getAddress('0x00000000000000000000000000000000000000dd');

/** A log as the node would return it, decoded the way the indexer does. */
function decoded(eventName: 'Deposited' | 'Released' | 'Settled', args: Record<string, unknown>) {
  const item = getAbiItem({ abi: marginVaultAbi, name: eventName } as never) as AbiEvent;
  const topics = encodeEventTopics({ abi: marginVaultAbi, eventName, args } as never);
  const dataInputs = item.inputs.filter((input) => !input.indexed);
  const data = encodeAbiParameters(
    dataInputs,
    dataInputs.map((input) => args[input.name!]) as never,
  ) as Hex;
  return decodeEventLog({ abi: marginVaultAbi, topics: topics as never, data });
}

describe('MarginVault decoder', () => {
  it('is listed and follows the deployed vault of the chain', () => {
    expect(CHAIN_DECODERS).toContain(marginVaultDecoder);
    expect(
      marginVaultDecoder.address({ chainId: 31337, staking: '0x1', allianceNft: '0x2' } as never),
    ).toBe(marginVaultAddress[31337].toLowerCase());
    expect(
      marginVaultDecoder.address({ chainId: 1, staking: '0x1', allianceNft: '0x2' } as never),
    ).toBeUndefined();
    expect(marginVaultDecoder.events).toEqual(['Deposited', 'Released', 'Settled']);
  });

  it('Deposited: the member, the amount, the token and the strategy id (the subscription)', () => {
    const row = marginVaultDecoder.toEvent(
      decoded('Deposited', {
        member: MEMBER,
        token: TOKEN,
        strategyId: 42n,
        amount: 10n ** 20n,
      }) as never,
    );
    expect(row).toEqual({
      event: 'Deposited',
      account: MEMBER.toLowerCase(),
      amount: '100000000000000000000',
      args: {
        member: MEMBER.toLowerCase(),
        token: TOKEN.toLowerCase(),
        strategyId: '42',
        amount: '100000000000000000000',
      },
    });
  });

  it('Released and Settled: the amounts, the fee, the treasury and the operator, lower case', () => {
    expect(
      marginVaultDecoder.toEvent(
        decoded('Released', {
          member: MEMBER,
          token: TOKEN,
          amount: 5n,
          operator: OPERATOR,
        }) as never,
      ),
    ).toEqual({
      event: 'Released',
      account: MEMBER.toLowerCase(),
      amount: '5',
      args: {
        member: MEMBER.toLowerCase(),
        token: TOKEN.toLowerCase(),
        amount: '5',
        operator: OPERATOR.toLowerCase(),
      },
    });
    expect(
      marginVaultDecoder.toEvent(
        decoded('Settled', {
          member: MEMBER,
          token: TOKEN,
          amount: 200n,
          performanceFee: 80n,
          treasury: TREASURY,
          operator: OPERATOR,
        }) as never,
      ),
    ).toEqual({
      event: 'Settled',
      account: MEMBER.toLowerCase(),
      amount: '200',
      args: {
        member: MEMBER.toLowerCase(),
        token: TOKEN.toLowerCase(),
        amount: '200',
        performanceFee: '80',
        treasury: TREASURY.toLowerCase(),
        operator: OPERATOR.toLowerCase(),
      },
    });
  });

  it('ignores the vault’s other events', () => {
    const log = decodeEventLog({
      abi: marginVaultAbi,
      topics: encodeEventTopics({
        abi: marginVaultAbi,
        eventName: 'TokenAllowed',
        args: { token: TOKEN },
      }) as never,
      data: encodeAbiParameters([{ type: 'bool' }], [true]),
    });
    expect(marginVaultDecoder.toEvent(log as never)).toBeUndefined();
  });
});
