import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './field.module.css';
import { FieldLabel, FieldMessages, useFieldIds } from './text-field';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectFieldProps extends Omit<
  ComponentPropsWithRef<'select'>,
  'className' | 'required' | 'children'
> {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A labelled native select (keyboard and screen-reader behaviour come from the platform). */
export function SelectField({
  label,
  options,
  error,
  hint,
  required,
  className,
  id,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <select
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
