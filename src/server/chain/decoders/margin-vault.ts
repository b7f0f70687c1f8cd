import { marginVaultAbi, marginVaultAddress } from '../../../shared/contracts/generated';
import { applyVaultEvents, rollbackVaultEvents } from '../../domain/autotrade/subscriptions';
import { deployedAddress } from '../contracts';
import { type ChainEventFields, defineChainDecoder } from './types';

/**
 * MarginVault (Smart Autotrade margins): Deposited, Released and Settled become `chain_events`
 * rows (`account` = the member's wallet, `amount`; the token, the strategy id and the fee in
 * `args`). `apply` matches a Deposited to the subscription whose id is its `strategyId` argument
 * (the browser passes the subscription id there), grows its margin and activates a pending one
 * once the stake is reached; Released and Settled confirm the operator's transaction with the
 * same hash (domain/autotrade/subscriptions.ts applyVaultEvents). `rollback` undoes the deposits
 * of orphaned blocks.
 */
export const marginVaultDecoder = defineChainDecoder({
  name: 'margin-vault',
  address: (deployment) => deployedAddress(marginVaultAddress, deployment.chainId),
  abi: marginVaultAbi,
  events: ['Deposited', 'Released', 'Settled'],
  toEvent(log): ChainEventFields | undefined {
    switch (log.eventName) {
      case 'Deposited': {
        const { member, token, strategyId, amount } = log.args;
        return {
          event: 'Deposited',
          account: member.toLowerCase(),
          amount: amount.toString(),
          args: {
            member: member.toLowerCase(),
            token: token.toLowerCase(),
            strategyId: `${strategyId}`,
            amount: `${amount}`,
          },
        };
      }
      case 'Released': {
        const { member, token, amount, operator } = log.args;
        return {
          event: 'Released',
          account: member.toLowerCase(),
          amount: amount.toString(),
          args: {
            member: member.toLowerCase(),
            token: token.toLowerCase(),
            amount: `${amount}`,
            operator: operator.toLowerCase(),
          },
        };
      }
      case 'Settled': {
        const { member, token, amount, performanceFee, treasury, operator } = log.args;
        return {
          event: 'Settled',
          account: member.toLowerCase(),
          amount: amount.toString(),
          args: {
            member: member.toLowerCase(),
            token: token.toLowerCase(),
            amount: `${amount}`,
            performanceFee: `${performanceFee}`,
            treasury: treasury.toLowerCase(),
            operator: operator.toLowerCase(),
          },
        };
      }
      default:
        return undefined;
    }
  },
  apply: (tx, chainId, events) => applyVaultEvents(tx, chainId, events),
  rollback: (tx, chainId, toBlock) => rollbackVaultEvents(tx, chainId, toBlock),
});
