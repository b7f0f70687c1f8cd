import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './kyc.module.css';

/**
 * The declaration every application carries (spec section 5): not a resident or citizen of,
 * nor located in, the United States or Japan; the information is true.
 */
export function Declaration({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Already translated. */
  error?: string;
}) {
  const { t } = useTranslation('kyc');
  const errorId = useId();
  return (
    <div className={styles.declaration}>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="kyc-declaration"
        />
        <span>{t('declaration.text')}</span>
      </label>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
