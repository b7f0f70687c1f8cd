import { useQuery } from '@tanstack/react-query';
import { listApiKeys } from '../../../services/exchange-api-keys';
import {
  checkLendingSubscription,
  getLendingExchangeBalance,
  getLendingInterestHistory,
  getLendingStrategy,
  getLendingStrategyList,
  getLendingSubscriptionFee,
} from '../../../services/lending';
import { cachePresets } from '../../../services/query-keys';
import { lendingKeys } from './query-keys';

/**
 * How often a live subscription's balance and deals are read again while they are shown: the
 * bot re-lends every cycle and borrowers take offers at any time.
 */
export const LENDING_POLL_MS = 30_000;

/** The lending product (public figures: asset, exchange, fee, trial, minimums). */
export const useLendingStrategy = (strategyId: number) =>
  useQuery({
    queryKey: lendingKeys.strategy(strategyId),
    queryFn: () => getLendingStrategy(strategyId),
    ...cachePresets.standard,
  });

/** The fee per period in USDT and in BCNT (20 % less at the price feed's rate). */
export const useLendingFee = (strategyId: number) =>
  useQuery({
    queryKey: lendingKeys.fee(strategyId),
    queryFn: () => getLendingSubscriptionFee(strategyId),
    ...cachePresets.fresh,
  });

/**
 * The member's subscription to the product (live, or the last ended) and the usable keys; read
 * again when the window regains the focus, with the keys: a key imported in another tab must
 * also be usable here.
 */
export const useLendingCheck = (strategyId: number, enabled = true) =>
  useQuery({
    queryKey: lendingKeys.check(strategyId),
    queryFn: () => checkLendingSubscription(strategyId),
    enabled,
    ...cachePresets.fresh,
    refetchOnWindowFocus: true,
  });

/** Every lending subscription of the member with its product (dashboard, portfolio). */
export const useLendingList = (enabled = true) =>
  useQuery({
    queryKey: lendingKeys.list(),
    queryFn: getLendingStrategyList,
    enabled,
    ...cachePresets.fresh,
  });

/** The funding wallet read through the member's key now (the idle amount's Max). */
export const useLendingBalance = (strategyId: number, enabled: boolean) =>
  useQuery({
    queryKey: lendingKeys.balance(strategyId),
    queryFn: () => getLendingExchangeBalance(strategyId),
    enabled,
    ...cachePresets.fresh,
    refetchInterval: enabled ? LENDING_POLL_MS : false,
  });

/** The 10 latest deals, the interest totals and the charges of the subscription. */
export const useLendingHistory = (strategyId: number, enabled: boolean) =>
  useQuery({
    queryKey: lendingKeys.history(strategyId),
    queryFn: () => getLendingInterestHistory(strategyId),
    enabled,
    ...cachePresets.fresh,
    refetchInterval: enabled ? LENDING_POLL_MS : false,
  });

/**
 * The member's exchange keys, read again when the window regains the focus: the wizard's
 * "Import an API key" opens /api-keys in another tab and the new key shows on return.
 */
export const useLendingApiKeys = () =>
  useQuery({
    queryKey: lendingKeys.apiKeys(),
    queryFn: listApiKeys,
    ...cachePresets.fresh,
    refetchOnWindowFocus: true,
  });
