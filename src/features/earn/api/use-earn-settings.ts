import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeEarnAssetReturn,
  leaveEarnProduct,
  setEarnAutoRenew,
  setEarnSmartDca,
} from '../../../services/earn';
import { queryKeys } from '../../../services/query-keys';
import type {
  EarnAssetReturnBody,
  EarnSettingBody,
  EarnXSavingSettingBody,
} from '../../../shared/api/earn';
import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { useEarnErrorText } from '../hooks/use-earn-error-text';

/**
 * What a subscription's settings and its cancellation or redemption change: the member's earn
 * data (detail, subscriptions, history), the wallet (a refund or the BCNT of a redemption) and
 * the public catalog (units sold).
 */
const SUBSCRIPTION_CHANGES = [
  queryKeys.member.earn(),
  queryKeys.member.wallet(),
  queryKeys.products.earn(),
] as const;

function useSubscriptionMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  const errorText = useEarnErrorText();
  const mutation = useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all(SUBSCRIPTION_CHANGES.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  return { ...mutation, errorText: mutation.error ? errorText(mutation.error) : undefined };
}

/** POST premium2/Setting: auto-renew on or off (the same value twice is harmless). */
export function useSetAutoRenew() {
  return useSubscriptionMutation((body: EarnSettingBody) => setEarnAutoRenew(body));
}

/** POST premium2/ChangeAssetReturn: a Pro subscription's Asset Return request (0 cancels it). */
export function useChangeAssetReturn() {
  return useSubscriptionMutation((body: EarnAssetReturnBody) => changeEarnAssetReturn(body));
}

/**
 * POST premium2/XSavingSetting: Smart DCA of a Stable Income subscription's rewards into a
 * currency, or off (null). The same target twice changes nothing on the server, so a retry
 * after a lost answer is harmless without an Idempotency-Key; a new target or off starts the
 * figures afresh.
 */
export function useSetSmartDca() {
  return useSubscriptionMutation((body: EarnXSavingSettingBody) => setEarnSmartDca(body));
}

/**
 * POST premium2/Leave as one idempotent action: cancel before the start (refund) or redeem
 * early (paid in BCNT). The same Idempotency-Key on every retry, so a lost answer never leaves
 * twice; a new one after a success or `newAction`.
 */
export function useLeaveSubscription() {
  const errorText = useEarnErrorText();
  return useIdempotentAction({
    call: leaveEarnProduct,
    invalidate: SUBSCRIPTION_CHANGES,
    errorText,
  });
}
