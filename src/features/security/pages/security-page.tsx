import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import { ActivityLog } from '../components/activity-log';
import { LinkedWallets } from '../components/linked-wallets';
import { LoginDevices } from '../components/login-devices';
import { QueryTabs } from '../../../components/query-tabs';
import { TwoStepSection } from '../components/two-step-section';
import styles from './security-page.module.css';

/**
 * Tabs of the spec's Security page, synced to `?tab=`: two-step verification, address management
 * (the saved withdrawal addresses, a panel of the withdraw feature composed by the app) and
 * account activity.
 */
type SecurityTab = 'two-step' | 'address' | 'activity';
const DEFAULT_SECURITY_TAB: SecurityTab = 'two-step';

/**
 * /security: two-step verification (with the linked wallets, which are sign-in methods and
 * whose unlinking needs the second factor) and account activity (login devices, activity log).
 */
export interface SecurityPageProps {
  /** the address book panel (withdraw feature), composed by the app */
  addressBook?: ReactNode;
}

export default function SecurityPage({ addressBook }: SecurityPageProps) {
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
                <SectionCard
                  title={t('apiKeys.card.title')}
                  description={t('apiKeys.card.text')}
                  actions={
                    <ButtonLink
                      to={paths.ApiKeys.getHref()}
                      variant="secondary"
                      data-testid="security-api-keys"
                    >
                      {t('apiKeys.card.link')}
                    </ButtonLink>
                  }
                >
                  {null}
                </SectionCard>
              </div>
            ),
          },
          ...(addressBook
            ? [{ value: 'address' as const, label: t('tab.address'), content: addressBook }]
            : []),
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
