import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextAreaField, TextField } from '../../../components/text-field';
import { CONTACT_PRODUCTS, contactUsBodySchema } from '../../../shared/api/common';
import { useContactUs } from '../api/use-contact-us';
import { isContactReady } from '../utils/is-contact-ready';
import styles from './contact-us-form.module.css';

/** Spec section 9: the dialog closes 3 seconds after a successful submit. */
export const CONTACT_CLOSE_DELAY_MS = 3000;

/** Field limits of `contactUsBodySchema`, for the "too long" message. */
const MAX_LENGTH = { name: 100, phone: 30, email: 254, message: 2000 } as const;

type ContactFormInput = z.input<typeof contactUsBodySchema>;
type ContactFormOutput = z.output<typeof contactUsBodySchema>;
type TextFieldName = keyof typeof MAX_LENGTH;

export interface ContactUsFormProps {
  /** Called 3 s after a successful submit (the dialog closes). */
  onDone: () => void;
  /** Preselected product: 1-3, or 4 = other services (default). */
  defaultProduct?: (typeof CONTACT_PRODUCTS)[number];
}

/**
 * States: idle -> submitting (button shows "…") -> submitted (button disabled, "Done").
 * A failure is only logged (by useContactUs) and the form is idle again.
 */
export function ContactUsForm({ onDone, defaultProduct = 4 }: ContactUsFormProps) {
  const { t } = useTranslation(['contact', 'errors']);
  const mutation = useContactUs();
  const [submitted, setSubmitted] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactUsBodySchema),
    mode: 'onTouched',
    defaultValues: { name: '', phone: '', email: '', message: '', product: defaultProduct },
  });
  const [name, phone, email] = useWatch({ control, name: ['name', 'phone', 'email'] });
  const ready = isContactReady({ name, phone, email });
  const busy = mutation.isPending;
  const locked = busy || submitted;

  function errorText(field: TextFieldName, error: FieldError | undefined): string | undefined {
    if (!error) return undefined;
    if (error.type === 'too_small') return t('errors:validation.required');
    if (error.type === 'too_big')
      return t('contact:form.error.tooLong', { max: MAX_LENGTH[field] });
    if (field === 'email') return t('errors:validation.emailFormat');
    if (field === 'phone') return t('errors:validation.mobileFormat');
    return t('errors:validation.required');
  }

  const onSubmit = handleSubmit((body) => {
    if (locked) return;
    mutation.mutate(body, {
      onSuccess: () => {
        setSubmitted(true);
        closeTimer.current = setTimeout(onDone, CONTACT_CLOSE_DELAY_MS);
      },
    });
  });

  const productOptions = CONTACT_PRODUCTS.map((value) => ({
    value,
    label: t(`contact:form.product.${value}`),
  }));

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="contact-us-form">
      <TextField
        label={t('contact:form.name')}
        autoComplete="name"
        required
        readOnly={locked}
        error={errorText('name', errors.name)}
        {...register('name')}
      />
      <TextField
        label={t('contact:form.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        readOnly={locked}
        hint={t('contact:form.phoneHint')}
        error={errorText('phone', errors.phone)}
        {...register('phone')}
      />
      <TextField
        label={t('contact:form.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        readOnly={locked}
        error={errorText('email', errors.email)}
        {...register('email')}
      />
      <SelectField
        label={t('contact:form.product')}
        options={productOptions}
        disabled={submitted}
        {...register('product', { valueAsNumber: true })}
      />
      <TextAreaField
        label={t('contact:form.message')}
        rows={4}
        readOnly={locked}
        error={errorText('message', errors.message)}
        {...register('message')}
      />
      <p className={styles.status} role="status">
        {submitted ? t('contact:form.sent') : ''}
      </p>
      <Button
        type="submit"
        size="lg"
        fullWidth
        busy={busy}
        disabled={!ready || submitted}
        data-testid="contact-us-submit"
      >
        {submitted ? t('contact:form.done') : t('contact:form.submit')}
      </Button>
    </form>
  );
}
