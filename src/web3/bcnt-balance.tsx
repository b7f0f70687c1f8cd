import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../components/visually-hidden';
import { BCNT_SYMBOL } from './bcnt-token';
import { useBcntBalance } from './use-bcnt-balance';
import styles from './wallet-area.module.css';

/** The connected wallet's BCNT balance for the nav bar; nothing where BCNT is not deployed. */
export function BcntBalance() {
  const { t } = useTranslation('wallet');
  const balance = useBcntBalance();

  switch (balance.status) {
    case 'none':
      return null;
    case 'loading':
      return (
        <span className={styles.balance} aria-busy="true" data-testid="wallet-bcnt-balance-loading">
          <span className={styles.skeleton} aria-hidden="true" />
          <VisuallyHidden>{t('balance.loading')}</VisuallyHidden>
        </span>
      );
    case 'error':
      return (
        <button
          type="button"
          className={styles.balanceError}
          title={t('balance.unavailable')}
          onClick={balance.retry}
          data-testid="wallet-bcnt-balance-error"
        >
          <span aria-hidden="true">— {BCNT_SYMBOL}</span>
          <VisuallyHidden>{t('balance.retry')}</VisuallyHidden>
        </button>
      );
    case 'success':
      return (
        <span className={styles.balance}>
          <VisuallyHidden>{t('balance.label')}: </VisuallyHidden>
          <span data-testid="wallet-bcnt-balance" data-numeric="">
            {`${balance.formatted} ${BCNT_SYMBOL}`}
          </span>
        </span>
      );
  }
}
