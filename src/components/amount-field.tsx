import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_MAX_INTEGER_DIGITS,
  blockedAmountReason,
  nextAmountText,
  type BlockedAmountReason,
} from '../lib/amount-text';
import { FieldLabel, FieldMessages, useFieldIds } from './text-field';
import styles from './amount-field.module.css';

export interface AmountFieldProps {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** The field lost the focus (a form may show its errors from then on). */
  onBlur?: () => void;
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
 * An amount in token units: digits and one decimal point, at most `decimals` places, the
 * currency as a suffix and a Max button. A keystroke the field blocks (a minus sign, a letter,
 * a decimal place too many) keeps the previous text and says why under the field, in a polite
 * live region (`<testId>-blocked`); the next accepted input or Max clears it. Used by every
 * amount form (staking, convert, custodial stake, withdrawal, store, deposit from the wallet).
 */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
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
  const [blocked, setBlocked] = useState<BlockedAmountReason | null>(null);
  const ids = useFieldIds(undefined, Boolean(hint), Boolean(error));
  const blockedId = `${ids.controlId}-blocked`;
  const describedBy = [ids.describedBy, blocked ? blockedId : undefined].filter(Boolean).join(' ');

  function change(typed: string) {
    const reason = blockedAmountReason(typed, decimals);
    setBlocked(reason);
    if (reason === null) onChange(nextAmountText(typed, value, decimals));
  }

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
          aria-describedby={describedBy || undefined}
          onChange={(event) => change(event.target.value)}
          onBlur={onBlur}
          data-testid={testId}
        />
        <span className={styles.suffix} aria-hidden="true">
          {currency}
        </span>
        {onMax ? (
          <button
            type="button"
            className={styles.max}
            onClick={() => {
              setBlocked(null);
              onMax();
            }}
            disabled={disabled}
            data-testid={maxTestId}
          >
            {t('amountField.max')}
          </button>
        ) : null}
      </div>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
      {/* always in the DOM: a live region must exist before its text changes to be announced */}
      <p
        id={blockedId}
        className={styles.blocked}
        role="status"
        aria-live="polite"
        data-testid={`${testId}-blocked`}
        data-reason={blocked ?? undefined}
      >
        {blocked
          ? t(`amountField.blocked.${blocked}`, {
              count: decimals,
              currency,
              digits: AMOUNT_MAX_INTEGER_DIGITS,
            })
          : null}
      </p>
    </div>
  );
}
