import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useAccountLoyaltyStatus } from '../api/use-account-loyalty-status';
import { useMemberInfo } from '../../../hooks/use-member-info';
import { ReferralCard } from '../components/referral-card';
import { useErrorText } from '../hooks/use-error-text';
import { accountStanding } from '../utils/member-levels';
import styles from './account-page.module.css';
import cardStyles from '../components/account.module.css';

export interface ReferralsPageProps {
  /** Registration's path; the invitation link is it with `refer=<code>` (spec section 2). */
  registerPath: string;
}

/**
 * /referrals (the user menu's Referrals, level above 0): the member's referral code and the
 * invitation link that fills it in at registration (`/register?refer=CODE`), both copyable,
 * then the referral record (the Account page's card).
 */
export function ReferralsPage({ registerPath }: ReferralsPageProps) {
  const { t } = useTranslation(['account', 'common']);
  const errorText = useErrorText();
  const memberQuery = useMemberInfo();
  const statusQuery = useAccountLoyaltyStatus();
  const member = memberQuery.data;
  const standing = member ? accountStanding(member, statusQuery.data) : undefined;
  const code = member?.referralCode ?? null;
  const invitation = code
    ? `${window.location.origin}${registerPath}?${new URLSearchParams({ refer: code })}`
    : null;

  return (
    <div className={styles.page} data-testid="referrals-page">
      <PageHeader
        title={t('account:referralsPage.title')}
        description={t('account:referralsPage.description')}
      />
      <div className={styles.stack}>
        {memberQuery.isPending ? (
          <SectionCard title={t('account:referralsPage.code')}>
            <Skeleton lines={2} testId="referrals-loading" />
          </SectionCard>
        ) : !member || !standing ? (
          <SectionCard title={t('account:referralsPage.code')}>
            <LoadError
              message={errorText(memberQuery.error) ?? t('common:error.description')}
              onRetry={() => memberQuery.refetch()}
              testId="referrals-error"
            />
          </SectionCard>
        ) : (
          <>
            {code && invitation ? (
              <SectionCard
                title={t('account:referralsPage.code')}
                data-testid="referrals-code-card"
              >
                <dl className={cardStyles.facts}>
                  <dt>{t('account:basic.referralCode')}</dt>
                  <dd>
                    <span className={cardStyles.mono} data-testid="referrals-code">
                      {code}
                    </span>
                    <CopyButton
                      value={code}
                      label={t('account:basic.copyReferral')}
                      data-testid="referrals-code-copy"
                    />
                  </dd>
                  <dt>{t('account:referralsPage.link')}</dt>
                  <dd>
                    <span className={cardStyles.mono} data-testid="referrals-link">
                      {invitation}
                    </span>
                    <CopyButton
                      value={invitation}
                      label={t('account:referralsPage.copyLink')}
                      data-testid="referrals-link-copy"
                    />
                  </dd>
                </dl>
              </SectionCard>
            ) : null}
            <ReferralCard level={standing.level} referralCode={code} />
          </>
        )}
      </div>
    </div>
  );
}
