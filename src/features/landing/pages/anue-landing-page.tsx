import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import styles from './landing-page.module.css';

/**
 * AnueLanding (/anue): the partner-campaign variant of the landing page (spec products-programs
 * sections 1 and 2) for visitors who arrive from Anue's site. The spec names it only; here it
 * is the landing page's look with a welcome for Anue's readers, the three product families
 * with a way into each, the campaigns for new members, and the way to sign up or log in.
 */

const PRODUCTS = [
  { id: 'stable', href: () => paths.PremiumDashboard.getHref(undefined, { tab: 'stable' }) },
  { id: 'mixed', href: () => paths.PremiumDashboard.getHref(undefined, { tab: 'mixed' }) },
  { id: 'autotrade', href: () => paths.StrategyDashboard.getHref() },
] as const;

export default function AnueLandingPage() {
  const { t } = useTranslation('landing');
  const loggedIn = useLoggedIn();
  return (
    <div className={styles.page} data-testid="anue-landing">
      <section className={styles.hero} aria-labelledby="anue-hero-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('anue.eyebrow')}</p>
            <h1 id="anue-hero-title" className={styles.heroTitle}>
              {t('anue.title')}
            </h1>
            <p className={styles.heroBody}>{t('anue.body')}</p>
            <div className={styles.heroActions}>
              {loggedIn ? (
                <ButtonLink to={paths.Account.getHref()} size="lg" data-testid="anue-account">
                  {t('hero.account')}
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to={paths.Register.getHref()} size="lg" data-testid="anue-sign-up">
                    {t('hero.signUp')}
                  </ButtonLink>
                  <ButtonLink
                    to={paths.Login.getHref()}
                    size="lg"
                    variant="inverse"
                    data-testid="anue-log-in"
                  >
                    {t('hero.logIn')}
                  </ButtonLink>
                </>
              )}
            </div>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="anue-products-title">
        <h2 id="anue-products-title" className={styles.sectionTitle}>
          {t('anue.products.title')}
        </h2>
        <ul className={styles.featureGrid}>
          {PRODUCTS.map((product) => (
            <li key={product.id} className={styles.featureCard}>
              <h3 className={styles.cardTitle}>{t(`anue.products.${product.id}.title`)}</h3>
              <p className={styles.cardBody}>{t(`anue.products.${product.id}.body`)}</p>
              <Link
                className={styles.sectionLink}
                to={product.href()}
                data-testid={`anue-product-${product.id}`}
              >
                {t(`anue.products.${product.id}.link`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="anue-campaigns-title">
        <h2 id="anue-campaigns-title" className={styles.sectionTitle}>
          {t('anue.campaigns.title')}
        </h2>
        <p className={styles.sectionLead}>{t('anue.campaigns.body')}</p>
        <p>
          <Link
            className={styles.sectionLink}
            to={paths.Event.getHref()}
            data-testid="anue-campaigns"
          >
            {t('anue.campaigns.link')}
          </Link>
        </p>
        <p>
          <Link className={styles.sectionLink} to={paths.Landing.getHref()} data-testid="anue-home">
            {t('anue.home')}
          </Link>
        </p>
      </section>
    </div>
  );
}
