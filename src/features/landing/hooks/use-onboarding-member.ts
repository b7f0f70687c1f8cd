import { useMemo, useSyncExternalStore } from 'react';
import { getLoginInfo } from '../../../services/session';
import { loginInfoSnapshot, subscribeLoginInfo } from '../../../services/session-events';
import { onboardingMember, type OnboardingMember } from '../utils/verification-offer';

/** The logged-in member's tour fields, kept current across logins and other tabs; null: visitor. */
export function useOnboardingMember(): OnboardingMember | null {
  const raw = useSyncExternalStore(subscribeLoginInfo, loginInfoSnapshot, () => null);
  return useMemo(() => (raw === null ? null : onboardingMember(getLoginInfo())), [raw]);
}
