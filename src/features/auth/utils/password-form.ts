import * as z from 'zod/mini';
import { passwordPairIssues } from './register-form';

/** New password + confirmation (spec section 5 messages), for the reset form. */
export const newPasswordFormSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .check(
    z.superRefine((values, context) => {
      const issues = passwordPairIssues(values.password, values.confirmPassword);
      for (const path of ['password', 'confirmPassword'] as const) {
        const message = issues[path];
        if (message)
          context.issues.push({ code: 'custom', path: [path], message, input: values[path] });
      }
    }),
  );
export type NewPasswordFormValues = z.output<typeof newPasswordFormSchema>;
