import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../components/button';
import { BCNT_SYMBOL } from '../../../web3/bcnt-token';
import type { AmountFormState } from '../hooks/use-amount-form';
import { amountToInputText, BCNT_INPUT_DECIMALS } from '../utils/bcnt-amount';
import { AmountField } from '../../../components/amount-field';
import styles from './staking-panel.module.css';

export interface AmountFormProps {
  /** From `useAmountForm`. */
  form: AmountFormState;
  /** Prefix of the test ids: `<x>-form`, `<x>-amount`, `<x>-max`, `<x>-submit`. */
  testIdPrefix: string;
  /** Already translated. */
  title: string;
  label: string;
  hint: string;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** Busy: the field is locked and the button shows its busy state. */
  busy: boolean;
  /** The button cannot be pressed (e.g. the limit is still loading). */
  submitDisabled: boolean;
  onSubmit: () => void;
  /** Shown below the button (transaction progress). */
  children?: ReactNode;
}

/**
 * A BCNT amount form: title, amount field with Max and validation, submit button. The button
 * stays disabled while the amount is empty or invalid (the field says why once something is
 * typed).
 */
export function AmountForm({
  form,
  testIdPrefix,
  title,
  label,
  hint,
  submitLabel,
  submitVariant,
  busy,
  submitDisabled,
  onSubmit,
  children,
}: AmountFormProps) {
  const { limit, setText } = form;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid={`${testIdPrefix}-form`}
    >
      <h3 className={styles.formTitle}>{title}</h3>
      <AmountField
        label={label}
        value={form.text}
        onChange={setText}
        onMax={limit === undefined ? undefined : () => setText(amountToInputText(limit))}
        error={form.error}
        hint={hint}
        currency={BCNT_SYMBOL}
        decimals={BCNT_INPUT_DECIMALS}
        disabled={busy}
        testId={`${testIdPrefix}-amount`}
        maxTestId={`${testIdPrefix}-max`}
      />
      <Button
        type="submit"
        variant={submitVariant}
        busy={busy}
        disabled={submitDisabled || form.problem !== undefined}
        fullWidth
        data-testid={`${testIdPrefix}-submit`}
      >
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
