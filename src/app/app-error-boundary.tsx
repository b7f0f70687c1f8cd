import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRouteError } from 'react-router';
import { Button } from '../components/button';
import { chunkRecovery } from './runtime';
import { isChunkLoadError } from './chunk-recovery';
import styles from './app-error-boundary.module.css';

/**
 * The router's error element. A chunk-load failure starts the recovery (store the target path,
 * reload once, resume there); if it already recovered once, or for any other error, it shows a
 * translated error with a retry.
 */
export function AppErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const chunkError = isChunkLoadError(error);
  const [outcome] = useState(() =>
    chunkError
      ? chunkRecovery().handleFailure(location.pathname + location.search + location.hash)
      : null,
  );

  useEffect(() => {
    if (!chunkError) console.error(error);
  }, [chunkError, error]);

  return <ErrorNotice reloading={outcome === 'reloading'} chunkError={chunkError} />;
}

export function ErrorNotice({
  reloading = false,
  chunkError = false,
}: {
  reloading?: boolean;
  chunkError?: boolean;
}) {
  const { t } = useTranslation('common');
  if (reloading) {
    return (
      <div className={styles.notice} role="status" data-testid="chunk-reloading">
        <p>{t('error.chunkReloading')}</p>
      </div>
    );
  }
  return (
    <div className={styles.notice} role="alert" data-testid="app-error">
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p className={styles.text}>{chunkError ? t('error.chunkFailed') : t('error.description')}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('button.reload')}</Button>
        <Link to="/" reloadDocument className={styles.link}>
          {t('button.backHome')}
        </Link>
      </div>
    </div>
  );
}
