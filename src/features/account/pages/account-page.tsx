import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useAccountLoyaltyStatus } from '../api/use-account-loyalty-status';
import { useMemberInfo } from '../api/use-member-info';
import { AccountCard, LoadError, Skeleton } from '../components/account-card';
import { BasicInfoCard } from '../components/basic-info-card';
import { MembershipCard } from '../components/membership-card';
import { useErrorText } from '../hooks/use-error-text';
import { useSyncStoredRole } from '../hooks/use-sync-stored-role';
import { accountStanding } from '../utils/member-levels';
import styles from './account-page.module.css';

export interface AccountPageProps {
  /** BCNT staking for levels 2-4 (the loyalty feature's panel; the app passes it). */
  stakingPanel?: ReactNode;
  /** Alliance NFT verification for level 3 (the alliance feature's panel). */
  alliancePanel?: ReactNode;
}

/**
 * /account: basic info, member type and level (what each level allows), identity verification,
 * and the loyalty panels the app composes in (a feature never imports another feature).
 *
 * The level is the server's derived level (`GET /member/loyalty/status`, which follows staking
 * and the NFT), falling back to the member info's roleId. When it differs from the roleId the
 * nav menu reads from the stored loginInfo, the stored roleId is updated.
 */
export function AccountPage({ stakingPanel, alliancePanel }: AccountPageProps) {
  const { t } = useTranslation(['account', 'common']);
  const errorText = useErrorText();
  const loyaltyTitleId = useId();
  const memberQuery = useMemberInfo();
  const statusQuery = useAccountLoyaltyStatus();
  const member = memberQuery.data;
  const standing = member ? accountStanding(member, statusQuery.data) : undefined;
  // the status's roleId once it answered; the member info's only when the status cannot answer
  useSyncStoredRole(statusQuery.data?.roleId ?? (statusQuery.isError ? member?.roleId : undefined));

  return (
    <div className={styles.page} data-testid="account-page">
      <PageHeader title={t('account:page.title')} description={t('account:page.description')} />
      <div className={styles.stack}>
        {memberQuery.isPending ? (
          <AccountCard title={t('account:basic.title')}>
            <Skeleton testId="account-loading" />
          </AccountCard>
        ) : !member || !standing ? (
          <AccountCard title={t('account:basic.title')}>
            <LoadError
              message={errorText(memberQuery.error) ?? t('common:error.description')}
              onRetry={() => memberQuery.refetch()}
              testId="account-error"
            />
          </AccountCard>
        ) : (
          <div className={styles.grid}>
            <BasicInfoCard member={member} level={standing.level} />
            <MembershipCard standing={standing} />
          </div>
        )}

        {stakingPanel || alliancePanel ? (
          <section
            className={styles.loyalty}
            aria-labelledby={loyaltyTitleId}
            data-testid="account-loyalty"
          >
            <div className={styles.loyaltyHeading}>
              <h2 id={loyaltyTitleId} className={styles.loyaltyTitle}>
                {t('account:loyalty.title')}
              </h2>
              <p className={styles.loyaltyDescription}>{t('account:loyalty.description')}</p>
            </div>
            {stakingPanel}
            {alliancePanel}
          </section>
        ) : null}
      </div>
    </div>
  );
}
