import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Spec section 2: Landing with `mode=new` opens the onboarding tour. */
export const ONBOARDING_PARAM = 'mode';
export const ONBOARDING_VALUE = 'new';

/**
 * The tour's open state lives in the URL. Closing replaces the history entry with Landing
 * without the `mode` query (other query values stay), so Back does not reopen the tour.
 */
export function useOnboardingParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const isOpen = searchParams.get(ONBOARDING_PARAM) === ONBOARDING_VALUE;

  const close = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(ONBOARDING_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  return { isOpen, close };
}
