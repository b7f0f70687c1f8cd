import { useTranslation } from 'react-i18next';
import type { StoreOrderState } from '../../../shared/api/store';
import styles from './store.module.css';

/** An order state as a badge: Created, Confirming, Deposited, Delivered (translated). */
export function StoreStatus({ status }: { status: StoreOrderState }) {
  const { t } = useTranslation('store');
  return (
    <span className={styles.status} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
