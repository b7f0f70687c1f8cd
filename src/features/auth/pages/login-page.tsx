import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import styles from './login-page.module.css';

/**
 * The Login route's screen for now: the target of the login guard. The sign-in form arrives
 * with the "Identity and security" issue; until then this page says so instead of pretending.
 * The guard's `back` (and `id`) query stays in the URL for that form to use.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const [query] = useSearchParams();
  return (
    <div className={styles.page} data-testid="login-page">
      <h1 className={styles.title}>{t('login.title')}</h1>
      {query.has('back') ? <p className={styles.text}>{t('login.membersOnly')}</p> : null}
      <p className={styles.text} data-testid="login-coming-soon">
        {t('login.comingSoon')}
      </p>
      <Link to="/" className={styles.home}>
        {tc('button.backHome')}
      </Link>
    </div>
  );
}
