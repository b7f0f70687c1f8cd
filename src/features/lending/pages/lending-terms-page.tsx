import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import {
  LENDING_BCNT_DISCOUNT_PERCENT,
  LENDING_EXCHANGE_FEE_PERCENT,
  LENDING_FEE_USDT,
  LENDING_PERIOD_DAYS,
  LENDING_TRIAL_DAYS,
} from '../utils/lending-constants';
import styles from '../components/lending.module.css';

/** The terms' sections and how many clauses each has (`terms.<section>.<n>`). */
const SECTIONS = [
  ['service', 3],
  ['fee', 4],
  ['cancel', 3],
  ['apiKey', 3],
  ['risk', 3],
] as const;

/**
 * `/lending-term-service` (public): the lending bot's terms of service in the member's
 * language, with the business constants of the spec (section 9 "Lending") filled in, so the
 * text and the product cannot drift apart. The wizard's consent links here.
 */
export default function LendingTermsPage() {
  const { t } = useTranslation('lending');
  const values = {
    trial: LENDING_TRIAL_DAYS,
    period: LENDING_PERIOD_DAYS,
    fee: LENDING_FEE_USDT,
    discount: LENDING_BCNT_DISCOUNT_PERCENT,
    exchangeFee: LENDING_EXCHANGE_FEE_PERCENT,
  };
  return (
    <article className={styles.page} data-testid="lending-terms">
      <PageHeader title={t('terms.title')} description={t('terms.description')} />
      {SECTIONS.map(([section, count]) => (
        <SectionCard
          key={section}
          title={t(`terms.${section}.title`)}
          data-testid={`lending-terms-${section}`}
        >
          <ol className={styles.terms}>
            {Array.from({ length: count }, (_, index) => (
              <li key={index}>{t(`terms.${section}.${index + 1}` as 'terms.service.1', values)}</li>
            ))}
          </ol>
        </SectionCard>
      ))}
      <p className={styles.muted}>
        <Link className={styles.link} to={paths.LendingBotDashboard.getHref()}>
          {t('terms.back')}
        </Link>
      </p>
    </article>
  );
}
