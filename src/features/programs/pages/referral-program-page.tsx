import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import { ReferralRecord } from '../components/referral-record';
import { ReferralRules } from '../components/referral-rules';
import { ReferredMembers } from '../components/referred-members';
import styles from '../components/programs.module.css';

/**
 * /referral-program (public) and /referral-program/:mobile/:lang? (the app's web view; the
 * screen applies `lang`): the program's rules for everyone; a member's record and referred
 * members below them, a visitor's way to log in or sign up instead.
 */
export function ReferralProgramPage() {
  const { t } = useTranslation('programs');
  const { mobile } = useParams();
  const loggedIn = useLoggedIn();

  return (
    <div
      className={styles.page}
      data-testid="referral-program-page"
      data-web-view={mobile ? '' : undefined}
    >
      <PageHeader title={t('referral.title')} description={t('referral.description')} />
      <div className={styles.stack}>
        <ReferralRules />
        {loggedIn ? (
          <>
            <ReferralRecord />
            <ReferredMembers />
          </>
        ) : (
          <SectionCard title={t('referral.visitor.title')} data-testid="referral-visitor">
            <p className={styles.text}>{t('referral.visitor.text')}</p>
            <div className={styles.actions}>
              <ButtonLink to={paths.Login.getHref(undefined, { back: 'ReferralProgram' })}>
                {t('referral.visitor.login')}
              </ButtonLink>
              <ButtonLink variant="secondary" to={paths.Register.getHref()}>
                {t('referral.visitor.register')}
              </ButtonLink>
            </div>
          </SectionCard>
        )}
      </div>
    </div>
  );
}
