/** Form-only validation messages of the identity forms (the rest are the spec's texts). */
export const FormMessage = { required: 'required', tooLong: 'too_long' } as const;
