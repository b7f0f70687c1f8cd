import * as z from 'zod/mini';
import { ACCOUNT_TYPES } from '../../../shared/api/auth';
import {
  AccountMessage,
  checkConfirmPassword,
  checkEmail,
  checkMobile,
  checkPassword,
  checkUsername,
  REFERRAL_CODE_PATTERN,
  USERNAME_MAX,
} from '../../../shared/validation/account';
import { FormMessage } from './form-message';

/**
 * The registration form (spec section 5), on the shared validators so the messages are the
 * spec's own: username required, e-mail format, mobile required and in format, password 8-128 with
 * a letter and a digit, confirmation equal, user agreement and privacy policy accepted, referral
 * code optional (format here; whether it exists is asked on blur).
 */

/** E.164 from the dial code of the selected country and the national number as typed. */
export function toE164(dialCode: string, national: string): string {
  const digits = national.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return '';
  return `${dialCode}${digits}`;
}

export function normalizeReferralCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Password pair rules shared by registration and password reset. */
export function passwordPairIssues(
  password: string,
  confirmPassword: string,
): { password?: string; confirmPassword?: string } {
  const issues: { password?: string; confirmPassword?: string } = {};
  const rule = checkPassword(password);
  if (rule) issues.password = rule;
  else if (password === '') issues.password = AccountMessage.passwordsRequired;
  const match = checkConfirmPassword(password, confirmPassword);
  if (match) issues.confirmPassword = match;
  else if (confirmPassword === '') issues.confirmPassword = AccountMessage.passwordsRequired;
  return issues;
}

const fields = {
  accountType: z.enum(ACCOUNT_TYPES),
  userName: z.string(),
  email: z.string(),
  /** ISO code of the mobile number's country (its dial code builds the E.164 number) */
  country: z.string(),
  phone: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  agreement: z.boolean(),
  privacyPolicy: z.boolean(),
  referralCode: z.string(),
};

export type RegisterFormValues = z.output<z.ZodMiniObject<typeof fields>>;
export type RegisterFieldName = keyof typeof fields;

/** `dialCodeOf` resolves the selected country (from the country list) to its dial code. */
export const createRegisterFormSchema = (dialCodeOf: (country: string) => string | undefined) =>
  z.object(fields).check(
    z.superRefine((values, context) => {
      const issue = (path: RegisterFieldName, message: string) =>
        context.issues.push({ code: 'custom', path: [path], message, input: values[path] });

      const username = checkUsername(values.userName);
      if (username) issue('userName', username);
      else if (values.userName.trim().length > USERNAME_MAX) issue('userName', FormMessage.tooLong);

      if (values.email.trim() === '') issue('email', FormMessage.required);
      else if (checkEmail(values.email)) issue('email', AccountMessage.emailFormat);

      const phone = values.phone.trim();
      if (phone === '') issue('phone', AccountMessage.phoneBlank);
      else if (
        !/^[\d\s().-]+$/.test(phone) ||
        checkMobile(toE164(dialCodeOf(values.country) ?? '', phone))
      ) {
        issue('phone', AccountMessage.mobileFormat);
      }

      const pair = passwordPairIssues(values.password, values.confirmPassword);
      if (pair.password) issue('password', pair.password);
      if (pair.confirmPassword) issue('confirmPassword', pair.confirmPassword);

      if (!values.agreement) issue('agreement', AccountMessage.agreementRequired);
      if (!values.privacyPolicy) issue('privacyPolicy', AccountMessage.agreementRequired);

      const referral = normalizeReferralCode(values.referralCode);
      if (referral !== '' && !REFERRAL_CODE_PATTERN.test(referral)) {
        issue('referralCode', AccountMessage.referralInvalid);
      }
    }),
  );
