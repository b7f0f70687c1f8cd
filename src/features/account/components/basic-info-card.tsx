import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberSummary } from '../../../shared/api/auth';
import type { MemberLevel } from '../../../shared/membership/levels';
import { ACCOUNT_PATHS } from '../utils/paths';
import { AccountCard, StatusBadge } from './account-card';
import styles from './account.module.css';

export interface BasicInfoCardProps {
  member: MemberSummary;
  level: MemberLevel;
}

/**
 * Basic info (spec section 3 "member info"): username (the display name; edited on its own
 * page), e-mail and mobile with their verification, and the referral code from level 1 (spec:
 * level 1 gets a referral code). The region is not part of the member summary contract yet.
 */
export function BasicInfoCard({ member, level }: BasicInfoCardProps) {
  const { t } = useTranslation('account');
  const contact = (verified: boolean) => (
    <StatusBadge tone={verified ? 'positive' : 'warning'}>
      {verified ? t('contact.verified') : t('contact.unverified')}
    </StatusBadge>
  );

  return (
    <AccountCard
      title={t('basic.title')}
      actions={
        <Link
          to={ACCOUNT_PATHS.changePassword}
          className={styles.link}
          data-testid="account-change-password"
        >
          {t('basic.changePassword')}
        </Link>
      }
      data-testid="account-basic"
    >
      <dl className={styles.facts}>
        <dt>{t('basic.username')}</dt>
        <dd>
          <span data-testid="account-username">
            {member.nickname || <span className={styles.muted}>{t('basic.usernameNone')}</span>}
          </span>
          <Link
            to={ACCOUNT_PATHS.editUserName}
            className={styles.link}
            aria-label={t('basic.editUsername')}
            data-testid="account-username-edit"
          >
            {t('basic.edit')}
          </Link>
        </dd>

        <dt>{t('basic.email')}</dt>
        <dd>
          <span data-testid="account-email" data-verified={member.emailVerified}>
            {member.email}
          </span>
          {contact(member.emailVerified)}
        </dd>

        <dt>{t('basic.mobile')}</dt>
        <dd>
          {member.mobile ? (
            <>
              <span
                className={styles.mono}
                data-testid="account-mobile"
                data-verified={member.mobileVerified}
              >
                {member.mobile}
              </span>
              {contact(member.mobileVerified)}
            </>
          ) : (
            <span className={styles.muted} data-testid="account-mobile">
              {t('basic.mobileNone')}
            </span>
          )}
        </dd>

        {level >= 1 ? (
          <>
            <dt>{t('basic.referralCode')}</dt>
            <dd>
              {member.referralCode ? (
                <span className={styles.mono} data-testid="account-referral-code">
                  {member.referralCode}
                </span>
              ) : (
                <span className={styles.muted} data-testid="account-referral-code">
                  {t('basic.referralNone')}
                </span>
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </AccountCard>
  );
}
