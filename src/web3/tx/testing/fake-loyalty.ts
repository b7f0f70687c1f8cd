// Test helper (not a test): BCNT and LoyaltyStaking on a fake node, following the rules and the
// custom errors of contracts/src/LoyaltyStaking.sol and OpenZeppelin's ERC20 (the token's error
// bubbles up through `stake`, as `safeTransferFrom` does on chain).
import {
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  type Address,
  type Hex,
} from 'viem';
import {
  bcntAbi,
  bcntAddress,
  loyaltyStakingAbi,
  loyaltyStakingAddress,
} from '../../../shared/contracts/generated';
import type { ExecResult, FakeNode } from './fake-chain';

export const BCNT = bcntAddress[31337];
export const STAKING = loyaltyStakingAddress[31337];
export const UNIT = 10n ** 18n;
export const UNSTAKE_DELAY = 14n * 24n * 60n * 60n;

const key = (a: string, b = '') => `${a.toLowerCase()}:${b.toLowerCase()}`;

export function deployLoyalty(node: FakeNode) {
  const state = {
    balances: new Map<string, bigint>(),
    allowances: new Map<string, bigint>(),
    staked: new Map<string, bigint>(),
    requests: [] as { owner: Address; amount: bigint; unlockAt: bigint; withdrawn: boolean }[],
    /** The chain's clock (unix seconds) the contract compares unlock times with. */
    now: 1_700_000_000n,
  };
  const balance = (who: string) => state.balances.get(key(who)) ?? 0n;
  const allowance = (owner: string, spender: string) =>
    state.allowances.get(key(owner, spender)) ?? 0n;
  const revertBcnt = (
    errorName: 'ERC20InsufficientAllowance' | 'ERC20InsufficientBalance',
    args: readonly [Address, bigint, bigint],
  ): ExecResult => ({ ok: false, revert: encodeErrorResult({ abi: bcntAbi, errorName, args }) });
  const revertStaking = (data: Hex): ExecResult => ({ ok: false, revert: data });

  node.deploy(BCNT, ({ from, data, commit }) => {
    const call = decodeFunctionData({ abi: bcntAbi, data });
    switch (call.functionName) {
      case 'balanceOf': {
        const [owner] = call.args;
        return {
          ok: true,
          data: encodeFunctionResult({
            abi: bcntAbi,
            functionName: 'balanceOf',
            result: balance(owner),
          }),
        };
      }
      case 'allowance': {
        const [owner, spender] = call.args;
        return {
          ok: true,
          data: encodeFunctionResult({
            abi: bcntAbi,
            functionName: 'allowance',
            result: allowance(owner, spender),
          }),
        };
      }
      case 'approve': {
        const [spender, amount] = call.args;
        if (commit) state.allowances.set(key(from, spender), amount);
        return {
          ok: true,
          data: encodeFunctionResult({ abi: bcntAbi, functionName: 'approve', result: true }),
        };
      }
      default:
        throw new Error(`fake BCNT: ${call.functionName} not modelled`);
    }
  });

  node.deploy(STAKING, ({ from, data, commit }) => {
    const call = decodeFunctionData({ abi: loyaltyStakingAbi, data });
    switch (call.functionName) {
      case 'stake': {
        const [amount] = call.args;
        if (amount === 0n)
          return revertStaking(
            encodeErrorResult({ abi: loyaltyStakingAbi, errorName: 'StakingZeroAmount' }),
          );
        const allowed = allowance(from, STAKING);
        if (allowed < amount)
          return revertBcnt('ERC20InsufficientAllowance', [STAKING, allowed, amount]);
        if (balance(from) < amount)
          return revertBcnt('ERC20InsufficientBalance', [from, balance(from), amount]);
        if (commit) {
          state.allowances.set(key(from, STAKING), allowed - amount);
          state.balances.set(key(from), balance(from) - amount);
          state.staked.set(key(from), (state.staked.get(key(from)) ?? 0n) + amount);
        }
        return { ok: true, data: '0x' };
      }
      case 'withdraw': {
        const [requestId] = call.args;
        const request = state.requests[Number(requestId)];
        const fail = (
          errorName: 'StakingUnknownRequest' | 'StakingAlreadyWithdrawn' | 'StakingRequestLocked',
          args: readonly bigint[],
        ) =>
          revertStaking(
            encodeErrorResult({ abi: loyaltyStakingAbi, errorName, args: args as never }),
          );
        if (!request) return fail('StakingUnknownRequest', [requestId]);
        if (request.owner.toLowerCase() !== from.toLowerCase())
          return revertStaking(
            encodeErrorResult({
              abi: loyaltyStakingAbi,
              errorName: 'StakingNotRequestOwner',
              args: [requestId, from],
            }),
          );
        if (request.withdrawn) return fail('StakingAlreadyWithdrawn', [requestId]);
        if (state.now < request.unlockAt)
          return fail('StakingRequestLocked', [requestId, request.unlockAt]);
        if (commit) {
          request.withdrawn = true;
          state.balances.set(key(from), balance(from) + request.amount);
        }
        return { ok: true, data: '0x' };
      }
      case 'stakedOf': {
        const [account] = call.args;
        return {
          ok: true,
          data: encodeFunctionResult({
            abi: loyaltyStakingAbi,
            functionName: 'stakedOf',
            result: state.staked.get(key(account)) ?? 0n,
          }),
        };
      }
      default:
        throw new Error(`fake LoyaltyStaking: ${call.functionName} not modelled`);
    }
  });

  return {
    state,
    balance,
    allowance,
    staked: (who: string) => state.staked.get(key(who)) ?? 0n,
    fund(who: Address, amount: bigint) {
      state.balances.set(key(who), balance(who) + amount);
    },
    approve(owner: Address, amount: bigint) {
      state.allowances.set(key(owner, STAKING), amount);
    },
    /** An unstake request of `owner`, unlocking `delay` seconds from now; returns its id. */
    openRequest(owner: Address, amount: bigint, delay = UNSTAKE_DELAY) {
      state.requests.push({ owner, amount, unlockAt: state.now + delay, withdrawn: false });
      return BigInt(state.requests.length - 1);
    },
  };
}

export type FakeLoyalty = ReturnType<typeof deployLoyalty>;
