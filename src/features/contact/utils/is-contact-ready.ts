import { EMAIL_PATTERN } from '../../../shared/api/common';

/** Spec section 5: submit is enabled only with a name, a phone and a valid email. */
export function isContactReady(values: { name?: string; phone?: string; email?: string }): boolean {
  const name = values.name?.trim() ?? '';
  const phone = values.phone?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  return name !== '' && phone !== '' && EMAIL_PATTERN.test(email);
}
