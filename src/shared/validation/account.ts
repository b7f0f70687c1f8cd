/**
 * Account field rules of spec section 5, as pure functions shared by the forms and the server.
 * Each returns null when the value passes (or, where the spec says so, when it is empty and
 * "gives no verdict"), otherwise the spec's message, which doubles as the i18n key.
 */
import { EMAIL_PATTERN } from '../api/common';

export const AccountMessage = {
  emailFormat: 'Incorrect email format',
  mobileFormat: 'Incorrect mobile format',
  phoneBlank: 'Phone Number must not be blank!!',
  password: '8-128 characters with letter and number',
  passwordMismatch: 'Passwords do not match.',
  passwordsRequired: 'Please insert passwords and confirm the passwords are same.',
  usernameRequired: 'Please Fill in the Username.',
  codeWrong: 'The code is wrong.',
  referralInvalid: 'Invalid Referral Code.',
  agreementRequired: 'agreement_required',
} as const;
export type AccountMessage = (typeof AccountMessage)[keyof typeof AccountMessage];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 30;
export const CODE_LENGTH = 6;

/** 8 to 128 characters with at least one letter and one digit; empty gives no verdict. */
export function checkPassword(value: string): AccountMessage | null {
  if (value === '') return null;
  const ok =
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value);
  return ok ? null : AccountMessage.password;
}

/** Confirm must equal password; unchecked when either is empty. */
export function checkConfirmPassword(password: string, confirm: string): AccountMessage | null {
  if (password === '' || confirm === '') return null;
  return password === confirm ? null : AccountMessage.passwordMismatch;
}

export function checkEmail(value: string): AccountMessage | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : AccountMessage.emailFormat;
}

/**
 * Mobile numbers in E.164 form: `+`, country code, subscriber number, 8 to 15 digits in all.
 * Spaces and dashes are tolerated on input and removed by `normalizeMobile`.
 */
export const MOBILE_PATTERN = /^\+[1-9]\d{7,14}$/;

export function normalizeMobile(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

export function checkMobile(value: string): AccountMessage | null {
  const normalized = normalizeMobile(value);
  if (normalized === '') return AccountMessage.phoneBlank;
  return MOBILE_PATTERN.test(normalized) ? null : AccountMessage.mobileFormat;
}

export function checkUsername(value: string): AccountMessage | null {
  return value.trim() === '' ? AccountMessage.usernameRequired : null;
}

/** Six digits. */
export const CODE_PATTERN = /^\d{6}$/;

/** Referral codes: 6 to 12 upper-case letters and digits. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{6,12}$/;
