import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import styles from './logo.module.css';

/** Brand mark (inline SVG, no request) and wordmark. Colours come from the surrounding text. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation('nav');
  return (
    <span className={cx(styles.logo, className)}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M16 2.5 27.7 9.25v13.5L16 29.5 4.3 22.75V9.25z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <path className={styles.core} d="M16 9.5 21.6 12.75v6.5L16 22.5l-5.6-3.25v-6.5z" />
      </svg>
      <span className={styles.wordmark}>
        <span className={styles.brand}>{t('brand.short')}</span>
        <span className={styles.suffix}>{t('brand.suffix')}</span>
      </span>
    </span>
  );
}
