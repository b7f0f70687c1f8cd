import * as z from 'zod/mini';
import {
  AccountMessage,
  USERNAME_MAX,
  checkConfirmPassword,
  checkPassword,
} from '../../../shared/validation/account';

/**
 * Form schemas of the change-password and edit-username pages, built on the shared validators
 * (spec section 5) so the messages are the spec's: "8-128 characters with letter and number",
 * "Passwords do not match.", "Please insert passwords and confirm the passwords are same.",
 * "Please Fill in the Username.". `REQUIRED` marks an empty required field.
 */
export const REQUIRED = 'required';
/** The shared password schemas allow at most this much for the current password. */
const ANY_PASSWORD_MAX = 200;

export const changePasswordFormSchema = z
  .object({
    oldPassword: z
      .string()
      .check(z.minLength(1, REQUIRED), z.maxLength(ANY_PASSWORD_MAX, REQUIRED)),
    password: z.string().check(
      z.minLength(1, AccountMessage.passwordsRequired),
      z.refine((value) => checkPassword(value) === null, AccountMessage.password),
    ),
    confirmPassword: z.string().check(z.minLength(1, AccountMessage.passwordsRequired)),
  })
  .check(
    z.refine((form) => checkConfirmPassword(form.password, form.confirmPassword) === null, {
      message: AccountMessage.passwordMismatch,
      path: ['confirmPassword'],
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const editUsernameFormSchema = z.object({
  nickname: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, AccountMessage.usernameRequired),
      z.maxLength(USERNAME_MAX, 'too_long'),
    ),
});
export type EditUsernameFormInput = z.input<typeof editUsernameFormSchema>;
export type EditUsernameForm = z.output<typeof editUsernameFormSchema>;
