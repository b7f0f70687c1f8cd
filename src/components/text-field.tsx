import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './class-names';
import styles from './field.module.css';

interface FieldChrome {
  label: ReactNode;
  /** Already translated message; shown inline and linked with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  /** Marks the field as required (aria-required and a visual mark); no browser validation. */
  required?: boolean;
  className?: string;
}

export interface TextFieldProps
  extends FieldChrome, Omit<ComponentPropsWithRef<'input'>, 'className' | 'required'> {}

export interface TextAreaFieldProps
  extends FieldChrome, Omit<ComponentPropsWithRef<'textarea'>, 'className' | 'required'> {}

/** Ids and aria wiring shared by every labelled control. */
export function useFieldIds(id: string | undefined, hasHint: boolean, hasError: boolean) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hasHint && hintId, hasError && errorId].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: describedBy || undefined };
}

export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldMessages({
  hintId,
  errorId,
  hint,
  error,
}: {
  hintId: string;
  errorId: string;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled single-line input with an inline error. */
export function TextField({
  label,
  error,
  hint,
  required,
  className,
  id,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <input
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        {...inputProps}
      />
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}

/** A labelled multi-line input with an inline error. */
export function TextAreaField({
  label,
  error,
  hint,
  required,
  className,
  id,
  ...textareaProps
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        {...textareaProps}
      />
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
