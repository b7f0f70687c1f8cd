import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel, FieldMessages, useFieldIds } from '../../../components/text-field';
import { nextAmountText } from '../utils/amount-text';
import styles from './convert.module.css';

export interface AmountInputProps {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** the currency's decimals: more are blocked */
  decimals: number;
  currency: string;
  onMax?: () => void;
  hint?: ReactNode;
  /** already translated */
  error?: string;
  disabled?: boolean;
  testId: string;
  maxTestId: string;
}

/** An amount with the currency as suffix and a Max button; blocks non-numeric keys. */
export function AmountInput({
  label,
  value,
  onChange,
  decimals,
  currency,
  onMax,
  hint,
  error,
  disabled,
  testId,
  maxTestId,
}: AmountInputProps) {
  const { t } = useTranslation('convert');
  const ids = useFieldIds(undefined, Boolean(hint), Boolean(error));
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={ids.controlId}>{label}</FieldLabel>
      <div className={styles.group} data-invalid={error ? '' : undefined}>
        <input
          id={ids.controlId}
          className={styles.input}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0.00"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => onChange(nextAmountText(event.target.value, value, decimals))}
          data-testid={testId}
        />
        <span className={styles.suffix} aria-hidden="true">
          {currency}
        </span>
        {onMax ? (
          <button
            type="button"
            className={styles.max}
            onClick={onMax}
            disabled={disabled}
            data-testid={maxTestId}
          >
            {t('form.max')}
          </button>
        ) : null}
      </div>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
