import { useMutation } from '@tanstack/react-query';
import { contactUs } from '../../../services/member';
import type { ContactUsBody, ContactUsResult } from '../../../shared/api/common';

/**
 * POST /member/contactUs as a mutation. `contactUs` resolves only when data.status is 0.
 * Spec section 8: a failure is only logged (the form just stops its busy state).
 */
export function useContactUs() {
  return useMutation<ContactUsResult, unknown, ContactUsBody>({
    mutationKey: ['contact', 'contactUs'],
    mutationFn: (body) => contactUs(body),
    onError: (error) => {
      console.error('Contact us request failed', error);
    },
  });
}
