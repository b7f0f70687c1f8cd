import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link';
import { paths } from '../lib/paths';
import styles from './shell-layout.module.css';

/**
 * Log in and Sign up for visitors, in the nav bar (and so in the folded phone menu). The shell
 * leaves them out on the Login and Register screens themselves.
 */
export function VisitorAuthLinks() {
  const { t } = useTranslation('nav');
  return (
    <div className={styles.authLinks}>
      <ButtonLink to={paths.Login.getHref()} variant="inverse" size="sm" data-testid="nav-login">
        {t('login')}
      </ButtonLink>
      <ButtonLink
        to={paths.Register.getHref()}
        variant="primary"
        size="sm"
        data-testid="nav-signup"
      >
        {t('signup')}
      </ButtonLink>
    </div>
  );
}
