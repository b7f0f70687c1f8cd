import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useAccountLoyaltyStatus } from '../api/use-account-loyalty-status';
import { useMemberInfo } from '../../../hooks/use-member-info';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { BasicInfoCard } from '../components/basic-info-card';
import { IdentityCard } from '../components/identity-card';
import { MembershipCard } from '../components/membership-card';
import { NextStepsCard, type AccountLinks } from '../components/next-steps-card';
import { PremierCard } from '../components/premier-card';
import { ReferralCard } from '../components/referral-card';
import { useErrorText } from '../hooks/use-error-text';
import { useSyncStoredRole } from '../hooks/use-sync-stored-role';
import { accountStanding } from '../utils/member-levels';
import styles from './account-page.module.css';

export interface AccountPageProps {
  /** Where the page leads: identity verification, wallet, security, loyalty program, BCNT. */
  links: AccountLinks;
  /** BCNT staking for levels 2-4 (the loyalty feature's panel; the app passes it). */
  stakingPanel?: ReactNode;
  /** Alliance NFT verification for level 3 (the alliance feature's panel). */
  alliancePanel?: ReactNode;
}

/**
 * /account, top to bottom: where to go next (identity verification first while unverified:
 * the user menu then holds only Account), basic info with contact verification, identity verification (KYC),
 * member type and level (what each level allows), the loyalty panels the app composes in
 * (staking, Alliance NFT; a feature never imports another feature), premier membership and the
 * referral record. Each card loads, fails and retries on its own; the cards that need the member
 * info (basic, level, referrals) share its one loading and error state.
 *
 * The level is the server's derived level (`GET /member/loyalty/status`, which follows staking
 * and the NFT), falling back to the member info's roleId. When it differs from the roleId the
 * nav menu reads from the stored loginInfo, the stored roleId is updated.
 */
export function AccountPage({ links, stakingPanel, alliancePanel }: AccountPageProps) {
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
        <NextStepsCard links={links} kycVerified={standing?.kycVerified} />
        <div className={styles.grid}>
          {memberQuery.isPending ? (
            <SectionCard title={t('account:basic.title')}>
              <Skeleton lines={4} testId="account-loading" />
            </SectionCard>
          ) : member && standing ? (
            <BasicInfoCard member={member} level={standing.level} />
          ) : (
            <SectionCard title={t('account:basic.title')}>
              <LoadError
                message={errorText(memberQuery.error) ?? t('common:error.description')}
                onRetry={() => memberQuery.refetch()}
                testId="account-error"
              />
            </SectionCard>
          )}
          <IdentityCard />
        </div>

        {memberQuery.isPending ? (
          <SectionCard title={t('account:membership.title')}>
            <Skeleton lines={5} />
          </SectionCard>
        ) : standing ? (
          <MembershipCard standing={standing} />
        ) : null}

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

        <PremierCard />

        {memberQuery.isPending ? (
          <SectionCard title={t('account:referrals.title')}>
            <Skeleton lines={3} />
          </SectionCard>
        ) : member && standing ? (
          <ReferralCard level={standing.level} referralCode={member.referralCode} />
        ) : null}
      </div>
    </div>
  );
}
