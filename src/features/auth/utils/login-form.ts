import * as z from 'zod/mini';
import { AccountMessage, checkEmail } from '../../../shared/validation/account';
import { FormMessage } from './form-message';

/** An e-mail field: required, then the format of spec section 5. */
export const emailField = () =>
  z.string().check(
    z.trim(),
    z.minLength(1, FormMessage.required),
    z.refine((value) => checkEmail(value) === null, AccountMessage.emailFormat),
  );

/** The login form: e-mail and a password (any, required). */
export const loginFormSchema = z.object({
  email: emailField(),
  password: z
    .string()
    .check(z.minLength(1, FormMessage.required), z.maxLength(200, FormMessage.tooLong)),
});
export type LoginFormValues = z.output<typeof loginFormSchema>;

/** The forgot-password form: the account's e-mail. */
export const forgotPasswordFormSchema = z.object({ email: emailField() });
export type ForgotPasswordFormValues = z.output<typeof forgotPasswordFormSchema>;
