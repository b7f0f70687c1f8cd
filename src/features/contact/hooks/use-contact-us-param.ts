import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Spec section 2: the contact dialog opens when the URL has `type=contact-us`. */
export const CONTACT_US_PARAM = 'type';
export const CONTACT_US_VALUE = 'contact-us';

/**
 * The dialog's open state lives in the URL, so the contact-us button, the Landing card and a
 * shared link all open the same dialog. Opening and closing replace the history entry.
 */
export function useContactUsParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const isOpen = searchParams.get(CONTACT_US_PARAM) === CONTACT_US_VALUE;

  const open = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(CONTACT_US_PARAM, CONTACT_US_VALUE);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  const close = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (next.get(CONTACT_US_PARAM) === CONTACT_US_VALUE) next.delete(CONTACT_US_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  return { isOpen, open, close };
}
