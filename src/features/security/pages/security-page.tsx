import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ActivityLog } from '../components/activity-log';
import { LinkedWallets } from '../components/linked-wallets';
import { LoginDevices } from '../components/login-devices';
import { QueryTabs } from '../../../components/query-tabs';
import { TwoStepSection } from '../components/two-step-section';
import styles from './security-page.module.css';

/**
 * Tabs of the spec's Security page, synced to `?tab=`. "address" (address management) belongs
 * to the wallet issue and is not listed until it has content; `tab=address` shows the default
 * tab meanwhile.
 */
type SecurityTab = 'two-step' | 'activity';
const DEFAULT_SECURITY_TAB: SecurityTab = 'two-step';

/**
 * /security: two-step verification (with the linked wallets, which are sign-in methods and
 * whose unlinking needs the second factor) and account activity (login devices, activity log).
 */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  return (
    <div className={styles.page} data-testid="security-page">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <QueryTabs<SecurityTab>
        label={t('page.tabs')}
        defaultValue={DEFAULT_SECURITY_TAB}
        testIdPrefix="security"
        tabs={[
          {
            value: 'two-step',
            label: t('tab.twoStep'),
            content: (
              <div className={styles.stack}>
                <TwoStepSection />
                <LinkedWallets />
              </div>
            ),
          },
          {
            value: 'activity',
            label: t('tab.activity'),
            content: (
              <div className={styles.stack}>
                <LoginDevices />
                <ActivityLog />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
