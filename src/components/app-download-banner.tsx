import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { shouldShowAppDownload, type AppLinks } from './app-download-rules';
import styles from './app-download-banner.module.css';
import { readStored, writeStored } from './safe-storage';
import { useMobileLayout } from './use-mobile-layout';
import { VisuallyHidden } from './visually-hidden';

export interface AppDownloadBannerProps {
  pathname: string;
  /** location.search, read for the `refer` query. */
  search: string;
  links: AppLinks;
  /** Defaults to the page's host. */
  hostname?: string;
  /** Extra reason to hide, decided by the app (e.g. an in-app web view route). */
  hidden?: boolean;
  hiddenPaths?: readonly string[];
  hiddenHosts?: readonly string[];
  partnerRefers?: readonly string[];
}

/** "Get the app" banner for mobile widths; closing it is remembered (`closeAppDownload`). */
export function AppDownloadBanner({
  pathname,
  search,
  links,
  hostname,
  hidden = false,
  hiddenPaths,
  hiddenHosts,
  partnerRefers,
}: AppDownloadBannerProps) {
  const { t } = useTranslation('components');
  const isMobile = useMobileLayout();
  const [closed, setClosed] = useState(() => readStored(STORAGE_KEYS.closeAppDownload) !== null);

  const visible =
    !hidden &&
    shouldShowAppDownload({
      isMobile,
      closed,
      pathname,
      hostname: hostname ?? window.location.hostname,
      refer: new URLSearchParams(search).get('refer'),
      links,
      hiddenPaths,
      hiddenHosts,
      partnerRefers,
    });
  if (!visible) return null;

  function close() {
    writeStored(STORAGE_KEYS.closeAppDownload, 'true');
    setClosed(true);
  }

  const storeLinks = [
    { key: 'appStore', href: links.appStore, label: t('appDownload.appStore') },
    { key: 'playStore', href: links.playStore, label: t('appDownload.playStore') },
    { key: 'apk', href: links.apk, label: t('appDownload.apk') },
  ].filter((link): link is { key: string; href: string; label: string } => Boolean(link.href));

  return (
    <aside
      className={styles.banner}
      aria-label={t('appDownload.label')}
      data-testid="app-download-banner"
    >
      <div className={styles.text}>
        <p className={styles.title}>{t('appDownload.title')}</p>
        <p className={styles.body}>{t('appDownload.body')}</p>
      </div>
      <ul className={styles.links}>
        {storeLinks.map((link) => (
          <li key={link.key}>
            <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <VisuallyHidden>{` (${t('link.newTab')})`}</VisuallyHidden>
            </a>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.close}
        onClick={close}
        aria-label={t('appDownload.close')}
        data-testid="app-download-close"
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M5 5l10 10M15 5L5 15"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </aside>
  );
}
