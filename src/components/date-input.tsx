import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFormDate } from '../shared/validation/kyc';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The date input of the UI kit: dates are typed as YYYY-MM-DD (spec section 5), the dashes are
 * added while typing digits, and the error shows inline. A value that is not a real calendar
 * date gets the kit's own message on blur unless the form gives one (`error` wins). Works
 * controlled (`value` + `onChange`) or with react-hook-form's `register` (the formatted text is
 * written to the input before `onChange` runs).
 */
export type DateInputProps = Omit<TextFieldProps, 'type' | 'inputMode'>;

/** Digits (and dashes) as typed -> 'YYYY', 'YYYY-MM', 'YYYY-MM-DD' (at most 8 digits). */
export function formatDateTyping(text: string): string {
  if (!/^[\d\s/.-]*$/.test(text)) return text;
  const digits = text.replace(/\D/g, '').slice(0, 8);
  let result = digits.slice(0, 4);
  if (digits.length > 4) result += `-${digits.slice(4, 6)}`;
  if (digits.length > 6) result += `-${digits.slice(6, 8)}`;
  // keep a dash the member just typed after a full year or month
  if (/[-/.]$/.test(text) && (digits.length === 4 || digits.length === 6)) result += '-';
  return result;
}

export function DateInput({
  error,
  hint,
  placeholder = 'YYYY-MM-DD',
  onChange,
  onBlur,
  ...props
}: DateInputProps) {
  const { t } = useTranslation('components');
  const [invalid, setInvalid] = useState(false);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const formatted = formatDateTyping(input.value);
    if (formatted !== input.value) input.value = formatted;
    setInvalid(false);
    onChange?.(event);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const text = event.target.value.trim();
    setInvalid(text !== '' && parseFormDate(text) === null);
    onBlur?.(event);
  }

  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'off'}
      maxLength={10}
      placeholder={placeholder}
      hint={hint === undefined ? t('dateInput.format') : hint}
      error={error ?? (invalid ? t('dateInput.invalid') : undefined)}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
}
