import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../components/visually-hidden';
import styles from './boot-fallback.module.css';

/** Shown while the first route's screen and guards load: the nav bar's footprint, no spinner. */
export function BootFallback() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.fallback} aria-busy="true">
      <div className={styles.bar} />
      <VisuallyHidden role="status">{t('status.loading')}</VisuallyHidden>
    </div>
  );
}
