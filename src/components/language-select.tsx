import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import styles from './language-select.module.css';
import { VisuallyHidden } from './visually-hidden';

export interface LanguageOption {
  code: string;
  /** The language's own name ("English", "繁體中文", "简体中文"). */
  label: string;
}

export interface LanguageSelectProps {
  value: string;
  options: readonly LanguageOption[];
  onChange: (code: string) => void;
  /** While a change is being stored or applied. */
  disabled?: boolean;
  /** `dark` for the nav bar and footer. */
  tone?: 'dark' | 'light';
}

/** Presentational language switcher (a labelled native select); the app applies the change. */
export function LanguageSelect({
  value,
  options,
  onChange,
  disabled,
  tone = 'dark',
}: LanguageSelectProps) {
  const { t } = useTranslation('components');
  const id = `language-${useId()}`;
  return (
    <span className={cx(styles.wrapper, styles[tone])}>
      <label htmlFor={id}>
        <VisuallyHidden>{t('language.label')}</VisuallyHidden>
      </label>
      <svg className={styles.globe} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="7.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M2.75 10h14.5M10 2.75c2 2 3 4.4 3 7.25s-1 5.25-3 7.25c-2-2-3-4.4-3-7.25s1-5.25 3-7.25z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        data-testid="language-select"
      >
        {options.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
