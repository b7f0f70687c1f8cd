import { loyaltyStakingAbi } from '../contracts';
import { type ChainEventFields, defineChainDecoder } from './types';

/**
 * LoyaltyStaking (BCNT staking for the loyalty levels): Staked, UnstakeRequested, Withdrawn and
 * ThresholdsUpdated become `chain_events` rows; stake, unstake requests and thresholds are
 * queries over them (domain/loyalty/chain-state.ts), so nothing else is stored or rolled back.
 */
export const stakingDecoder = defineChainDecoder({
  name: 'staking',
  address: (deployment) => deployment.staking,
  abi: loyaltyStakingAbi,
  events: ['Staked', 'UnstakeRequested', 'Withdrawn', 'ThresholdsUpdated'],
  toEvent(log): ChainEventFields | undefined {
    switch (log.eventName) {
      case 'Staked': {
        const { account, amount, newStaked } = log.args;
        return {
          event: 'Staked',
          account: account.toLowerCase(),
          amount: amount.toString(),
          args: {
            account: account.toLowerCase(),
            amount: `${amount}`,
            newStaked: `${newStaked}`,
          },
        };
      }
      case 'UnstakeRequested': {
        const { account, requestId, amount, unlockAt } = log.args;
        return {
          event: 'UnstakeRequested',
          account: account.toLowerCase(),
          amount: amount.toString(),
          requestId: requestId.toString(),
          unlockAt: new Date(Number(unlockAt) * 1000),
          args: {
            account: account.toLowerCase(),
            requestId: `${requestId}`,
            amount: `${amount}`,
            unlockAt: `${unlockAt}`,
          },
        };
      }
      case 'Withdrawn': {
        const { account, requestId, amount } = log.args;
        return {
          event: 'Withdrawn',
          account: account.toLowerCase(),
          amount: amount.toString(),
          requestId: requestId.toString(),
          args: {
            account: account.toLowerCase(),
            requestId: `${requestId}`,
            amount: `${amount}`,
          },
        };
      }
      case 'ThresholdsUpdated': {
        const { level2, level3, level4 } = log.args;
        return {
          event: 'ThresholdsUpdated',
          args: { level2: `${level2}`, level3: `${level3}`, level4: `${level4}` },
        };
      }
      default:
        return undefined;
    }
  },
});
