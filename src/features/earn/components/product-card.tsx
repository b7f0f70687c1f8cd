import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { EarnProduct } from '../../../shared/api/earn';
import { formatEarnAmount, formatUtc8DateTime } from '../utils/amounts';
import { localized, showsLimitedLabel } from '../utils/products';
import { AnnualReturn } from './annual-return';
import { LimitedBadge, ProductStateBadge } from './state-badge';
import styles from './earn.module.css';

/**
 * A catalog card (spec sections 2 and 3): name in the active language, serial number, annual
 * return, minimum investment (minUnit x perUnit) with the currency, term, state, the limited
 * label, and the fundraising deadline in UTC+8. The name links to the product page; the whole
 * card is its click target.
 */
export function ProductCard({ product }: { product: EarnProduct }) {
  const { t, i18n } = useTranslation('earn');
  const name = localized(product.name, i18n.language);
  return (
    <article
      className={styles.card}
      data-testid="earn-card"
      data-sn={product.serialNumber}
      data-kind={product.kind}
    >
      <header className={styles.cardHead}>
        <div className={styles.badges}>
          <ProductStateBadge state={product.state} testId="earn-card-state" />
          {showsLimitedLabel(product) ? <LimitedBadge testId="earn-card-limited" /> : null}
        </div>
        <h3 className={styles.cardTitle}>
          <Link
            className={styles.cardLink}
            to={paths.PremiumDetail.getHref({ type: product.kind, sn: product.serialNumber })}
            data-testid="earn-card-link"
          >
            <span data-testid="earn-card-name">{name}</span>
          </Link>
        </h3>
        <p className={styles.serial}>
          <span>{t(`kind.${product.kind}`)}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="earn-card-sn">{product.serialNumber}</span>
        </p>
      </header>
      <dl className={styles.cardFacts}>
        <div className={styles.cardReturn}>
          <dt>{t('card.annualReturn')}</dt>
          <dd>
            <AnnualReturn product={product} testId="earn-card-return" />
          </dd>
        </div>
        <div>
          <dt>{t('card.minInvestment')}</dt>
          <dd data-testid="earn-card-min">
            {t('amount', {
              amount: formatEarnAmount(product.minInvestment, product.currency, 'principal'),
              currency: product.currency,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('card.term')}</dt>
          <dd data-testid="earn-card-term">{t('term.months', { count: product.periodMonth })}</dd>
        </div>
        <div className={styles.cardWide}>
          <dt>{t('card.deadline')}</dt>
          <dd data-testid="earn-card-deadline">
            {t('time.utc8', { time: formatUtc8DateTime(product.raiseEnd) })}
          </dd>
        </div>
      </dl>
    </article>
  );
}
