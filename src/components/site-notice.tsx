import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { readStored, writeStored } from './safe-storage';
import styles from './site-notice.module.css';

/** Only Traditional Chinese readers get the anti-fraud notice (spec sections 2 and 8). */
export const SITE_NOTICE_LOCALE = 'zh-TW';

export function shouldShowSiteNotice(locale: string, dismissed: boolean): boolean {
  return locale === SITE_NOTICE_LOCALE && !dismissed;
}

export interface SiteNoticeProps {
  /** The active locale. */
  locale: string;
}

/** Dismissible anti-fraud warning for zh-TW; the dismissal is remembered (`closeSiteNotice`). */
export function SiteNotice({ locale }: SiteNoticeProps) {
  const { t } = useTranslation('components');
  const titleId = `site-notice-title-${useId()}`;
  const [dismissed, setDismissed] = useState(
    () => readStored(STORAGE_KEYS.closeSiteNotice) !== null,
  );
  if (!shouldShowSiteNotice(locale, dismissed)) return null;

  function dismiss() {
    writeStored(STORAGE_KEYS.closeSiteNotice, 'true');
    setDismissed(true);
  }

  return (
    <section className={styles.notice} aria-labelledby={titleId} data-testid="site-notice">
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M10 2 19 18H1z" fill="currentColor" />
        <path
          className={styles.iconMark}
          d="M10 8v4.5M10 14.5v1"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <div className={styles.text}>
        <h2 id={titleId} className={styles.title}>
          {t('siteNotice.title')}
        </h2>
        <p className={styles.body}>{t('siteNotice.body')}</p>
      </div>
      <button
        type="button"
        className={styles.dismiss}
        onClick={dismiss}
        data-testid="site-notice-dismiss"
      >
        {t('siteNotice.dismiss')}
      </button>
    </section>
  );
}
