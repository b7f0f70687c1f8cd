import { useQuery } from '@tanstack/react-query';
import { listApiKeys } from '../../../services/exchange-api-keys';
import { siweWallets } from '../../../services/member-security';
import { getWalletInfo } from '../../../services/wallet';
import {
  checkStrategySubscription,
  getExchangeBalance,
  getMinStake,
  getUnsubscribeInfo,
  stakeStrategy,
  subscribeStrategy,
  unsubscribeStrategy,
} from '../../../services/autotrade-subscriptions';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import type {
  AutotradeMarginCurrencyCode,
  StakeStrategyBody,
  SubscribeBody,
} from '../../../shared/api/autotrade-subscriptions';
import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import { autotradeKeys } from './query-keys';

/** What a subscription change refreshes: the feature's member reads, the wallet, the figures. */
const AFTER_MONEY_MOVE = [
  autotradeKeys.member(),
  queryKeys.member.wallet(),
  autotradeKeys.public(),
] as const;

/** How often a subscription waiting for its on-chain margin is read again. */
export const PENDING_POLL_MS = 5_000;

/** CheckSubscription: the member's live subscription to the strategy and which keys are free. */
export const useCheckSubscription = (strategyId: number, enabled = true) =>
  useQuery({
    queryKey: autotradeKeys.check(strategyId),
    queryFn: () => checkStrategySubscription(strategyId),
    enabled,
    ...cachePresets.fresh,
    // waiting for an on-chain margin: read again until the server has activated it
    refetchInterval: (query) =>
      query.state.data?.subscription?.state === 'pending_margin' ? PENDING_POLL_MS : false,
  });

/**
 * The member's exchange keys, read again when the window regains focus: the member may import
 * one on /api-keys in another tab and come back.
 */
export const useMemberApiKeys = () =>
  useQuery({
    queryKey: autotradeKeys.apiKeys(),
    queryFn: listApiKeys,
    ...cachePresets.fresh,
    refetchOnWindowFocus: true,
  });

export const useExchangeBalance = (apiKeyId: number | undefined) =>
  useQuery({
    queryKey: autotradeKeys.exchangeBalance(apiKeyId ?? 0),
    queryFn: () => getExchangeBalance(apiKeyId ?? 0),
    enabled: apiKeyId !== undefined,
    ...cachePresets.fresh,
  });

/** MinStakeAmount for a valid allocation (asked only when `allocation` is a positive number). */
export const useMinStake = (
  strategyId: number,
  allocation: string | undefined,
  marginCurrency: AutotradeMarginCurrencyCode,
) =>
  useQuery({
    queryKey: autotradeKeys.minStake(strategyId, allocation ?? '', marginCurrency),
    queryFn: () => getMinStake({ strategyId, allocation: allocation ?? '0', marginCurrency }),
    enabled: allocation !== undefined,
    ...cachePresets.standard,
  });

export const useUnsubscribeInfo = (subscriptionId: number, enabled: boolean) =>
  useQuery({
    queryKey: autotradeKeys.unsubscribeInfo(subscriptionId),
    queryFn: () => getUnsubscribeInfo(subscriptionId),
    enabled,
    ...cachePresets.fresh,
  });

/** Subscribe on the idempotent-action hook: one key per subscription the member confirms. */
export function useSubscribeStrategy() {
  const errorText = useAutotradeErrorText();
  return useIdempotentAction({
    call: (body: SubscribeBody, key) => subscribeStrategy(body, key),
    invalidate: AFTER_MONEY_MOVE,
    errorText,
  });
}

/** Unsubscribe (final fee, margin back) on the idempotent-action hook. */
export function useUnsubscribeStrategy() {
  const errorText = useAutotradeErrorText();
  return useIdempotentAction({
    call: (id: number, key) => unsubscribeStrategy(id, key),
    invalidate: AFTER_MONEY_MOVE,
    errorText,
  });
}

/** StakeStrategy: add custodial margin and / or set the automatic top-up. */
export function useStakeStrategy() {
  const errorText = useAutotradeErrorText();
  return useIdempotentAction({
    call: (body: StakeStrategyBody, key) => stakeStrategy(body, key),
    invalidate: AFTER_MONEY_MOVE,
    errorText,
  });
}

/** The custodial wallet's balances (the margin's source), under the wallet's key. */
export const useCustodialBalances = () =>
  useQuery({
    queryKey: queryKeys.member.walletInfo(),
    queryFn: getWalletInfo,
    ...cachePresets.fresh,
  });

/** The member's linked wallets (an on-chain margin comes from one of them). */
export const useLinkedWallets = () =>
  useQuery({
    queryKey: autotradeKeys.linkedWallets(),
    queryFn: siweWallets,
    ...cachePresets.fresh,
  });
