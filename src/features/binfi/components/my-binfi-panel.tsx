import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { MyFunds } from './my-funds';
import styles from './binfi.module.css';

/** My Subscriptions' BinFi tab (/portfolio?tab=binfi): the member's orders, and the way to rounds. */
export function MyBinfiPanel() {
  const { t } = useTranslation('binfi');
  return (
    <div className={styles.stack} data-testid="portfolio-binfi">
      <MyFunds />
      <p className={styles.muted}>
        <Link
          className={styles.link}
          to={paths.BinFiDashboard.getHref()}
          data-testid="portfolio-binfi-rounds"
        >
          {t('myFund.toRounds')}
        </Link>
      </p>
    </div>
  );
}
