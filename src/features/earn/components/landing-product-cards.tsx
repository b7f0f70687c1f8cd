import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Skeleton } from '../../../components/load-states';
import { paths } from '../../../lib/paths';
import { useEarnCatalog } from '../api/use-earn-catalog';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { landingPicks, type LandingGroup } from '../utils/landing-picks';
import { tabOfKind } from '../utils/products';
import { ProductCard } from './product-card';
import styles from './earn.module.css';

/**
 * The cards of one landing block (Fixed Pro or Fixed, spec section 2) from the public catalog:
 * the same card as the earn dashboard (annual return with the section 9 fallback, "up to X %"
 * at level 3 for USDT and USDC, minimum investment, limited label), each opening its product.
 * Without a product to show, the block points to the earn dashboard instead. Both blocks share
 * one catalog request.
 */
export function LandingProductCards({ group }: { group: LandingGroup }) {
  const { t } = useTranslation('earn');
  const errorText = useEarnErrorText();
  const catalog = useEarnCatalog();
  const testId = `landing-cards-${group}`;
  const dashboardHref = paths.PremiumDashboard.getHref(undefined, {
    tab: tabOfKind(group),
  });

  if (catalog.isPending) {
    return (
      <div className={styles.grid} aria-busy="true" data-testid={testId} data-state="loading">
        {[0, 1].map((index) => (
          <div key={index} className={styles.card}>
            <Skeleton lines={4} />
          </div>
        ))}
      </div>
    );
  }
  if (!catalog.data) {
    return (
      <div data-testid={testId} data-state="error">
        <LoadError
          message={errorText(catalog.error) ?? t('dashboard.error')}
          onRetry={() => catalog.refetch()}
          testId={`${testId}-error`}
        />
      </div>
    );
  }
  const products = landingPicks(catalog.data.list, group);
  if (products.length === 0) {
    return (
      <p data-testid={testId} data-state="empty">
        {t('dashboard.empty.title')}{' '}
        <Link to={dashboardHref} data-testid={`${testId}-all`}>
          {t('dashboard.title')}
        </Link>
      </p>
    );
  }
  return (
    <ul className={styles.grid} data-testid={testId} data-state="list">
      {products.map((product) => (
        <li key={product.id} className={styles.gridItem}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

export default LandingProductCards;
