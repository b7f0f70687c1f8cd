import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberSummary } from '../../../shared/api/auth';
import type { MemberLevel } from '../../../shared/membership/levels';
import { paths } from '../../../lib/paths';
import { regionName } from '../utils/region';
import { SectionCard } from '../../../components/section-card';
import { ContactVerification } from './contact-verification';
import { CopyButton } from '../../../components/copy-button';
import styles from './account.module.css';

export interface BasicInfoCardProps {
  member: MemberSummary;
  level: MemberLevel;
}

/**
 * Basic info (spec section 3 "member info"): username (the display name; edited on its own
 * page), e-mail and mobile each with its verification (a Verify action while not verified),
 * region (a country code, shown as its name in the UI language) and the referral code from
 * level 1 (spec: level 1 gets a referral code) with a copy button.
 */
export function BasicInfoCard({ member, level }: BasicInfoCardProps) {
  const { t, i18n } = useTranslation('account');

  return (
    <SectionCard
      title={t('basic.title')}
      actions={
        <Link
          to={paths.UpdatePassword.getHref()}
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
            to={paths.EditUserName.getHref()}
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
          <ContactVerification
            channel="email"
            verified={member.emailVerified}
            userName={member.userName}
            address={member.email}
          />
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
              <ContactVerification
                channel="mobile"
                verified={member.mobileVerified}
                userName={member.userName}
                address={member.mobile}
              />
            </>
          ) : (
            <span className={styles.muted} data-testid="account-mobile">
              {t('basic.mobileNone')}
            </span>
          )}
        </dd>

        <dt>{t('basic.region')}</dt>
        <dd data-testid="account-region" data-region={member.region ?? ''}>
          {member.region ? (
            regionName(member.region, i18n.language)
          ) : (
            <span className={styles.muted}>{t('basic.regionNone')}</span>
          )}
        </dd>

        {level >= 1 ? (
          <>
            <dt>{t('basic.referralCode')}</dt>
            <dd>
              {member.referralCode ? (
                <>
                  <span className={styles.mono} data-testid="account-referral-code">
                    {member.referralCode}
                  </span>
                  <CopyButton
                    value={member.referralCode}
                    label={t('basic.copyReferral')}
                    data-testid="account-referral-copy"
                  />
                </>
              ) : (
                <span className={styles.muted} data-testid="account-referral-code">
                  {t('basic.referralNone')}
                </span>
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </SectionCard>
  );
}
