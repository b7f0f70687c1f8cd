import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nextAmountText } from '../lib/amount-text';
import { FieldLabel, FieldMessages, useFieldIds } from './text-field';
import styles from './amount-field.module.css';

export interface AmountFieldProps {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** Fills in the upper limit; no Max button without it. */
  onMax?: () => void;
  /** Already translated. */
  error?: string;
  hint?: ReactNode;
  /** The currency shown after the number. */
  currency: string;
  /** Decimal places the field accepts (more are blocked). */
  decimals: number;
  disabled?: boolean;
  testId: string;
  maxTestId: string;
}

/**
 * An amount in token units: digits and one decimal point, at most `decimals` places (other keys
 * are blocked), the currency as a suffix and a Max button. Used by the staking, convert and
 * custodial stake forms.
 */
export function AmountField({
  label,
  value,
  onChange,
  onMax,
  error,
  hint,
  currency,
  decimals,
  disabled,
  testId,
  maxTestId,
}: AmountFieldProps) {
  const { t } = useTranslation('components');
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
            {t('amountField.max')}
          </button>
        ) : null}
      </div>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
