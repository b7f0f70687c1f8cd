import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import styles from './earn.module.css';

/**
 * A visitor's call to action on a product page: Log in or Sign up to join. Login comes back to
 * this product afterwards (the app stores the page as backTo when Login is entered from it).
 */
export function GuestJoinPrompt() {
  const { t } = useTranslation('earn');
  return (
    <SectionCard title={t('guest.title')} data-testid="earn-guest-cta">
      <p className={styles.lead}>{t('guest.text')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.Login.getHref()} data-testid="earn-guest-login">
          {t('guest.login')}
        </ButtonLink>
        <ButtonLink
          to={paths.Register.getHref()}
          variant="secondary"
          data-testid="earn-guest-signup"
        >
          {t('guest.signUp')}
        </ButtonLink>
      </div>
    </SectionCard>
  );
}
