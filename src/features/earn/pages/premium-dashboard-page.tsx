import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryTabs } from '../../../components/query-tabs';
import type { EarnProduct } from '../../../shared/api/earn';
import { useEarnCatalog } from '../api/use-earn-catalog';
import { ProductCard } from '../components/product-card';
import { useEarnAccess } from '../hooks/use-earn-access';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { paths } from '../../../lib/paths';
import { DEFAULT_EARN_TAB, productsOfTab, type EarnTab } from '../utils/products';
import styles from '../components/earn.module.css';

/**
 * /earn (PremiumDashboard, public): the earn catalog as cards, filtered by the tabs Stable
 * Income (fixed, Pro, Pro+), Mixed Quant and All (`?tab=stable|mixed|all`; the nav bar's
 * Services entries open the first two). When the operator configures an access pass, only a
 * visitor with the pass (`?access=`, or stored from an earlier visit) gets in; the others go to
 * Landing (spec section 2, navigation rules; hooks/use-earn-access.ts).
 */
export default function PremiumDashboardPage() {
  const access = useEarnAccess();
  if (access === 'denied') return <Navigate replace to={paths.Landing.getHref()} />;
  if (access === 'checking') {
    return (
      <div className={styles.page} data-testid="earn-dashboard-checking" aria-busy="true">
        <Skeleton lines={6} />
      </div>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation('earn');
  const catalog = useEarnCatalog();
  const list = (tab: EarnTab) => <ProductList tab={tab} catalog={catalog} />;
  return (
    <div className={styles.page} data-testid="earn-dashboard">
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <QueryTabs<EarnTab>
        label={t('dashboard.tabs')}
        defaultValue={DEFAULT_EARN_TAB}
        testIdPrefix="earn"
        tabs={[
          { value: 'stable', label: t('tab.stable'), content: list('stable') },
          { value: 'mixed', label: t('tab.mixed'), content: list('mixed') },
          { value: 'all', label: t('tab.all'), content: list('all') },
        ]}
      />
    </div>
  );
}

function ProductList({
  tab,
  catalog,
}: {
  tab: EarnTab;
  catalog: ReturnType<typeof useEarnCatalog>;
}) {
  const { t } = useTranslation('earn');
  const errorText = useEarnErrorText();

  if (catalog.isPending) {
    return (
      <div
        className={styles.grid}
        aria-busy="true"
        data-testid="earn-products"
        data-state="loading"
      >
        {[0, 1, 2].map((index) => (
          <div key={index} className={styles.card}>
            <Skeleton lines={4} />
          </div>
        ))}
      </div>
    );
  }
  if (!catalog.data) {
    return (
      <div data-testid="earn-products" data-state="error">
        <LoadError
          message={errorText(catalog.error) ?? t('dashboard.error')}
          onRetry={() => catalog.refetch()}
          testId="earn-products-error"
        />
      </div>
    );
  }
  const products: EarnProduct[] = productsOfTab(catalog.data.list, tab);
  if (products.length === 0) {
    return (
      <div data-testid="earn-products" data-state="empty">
        <EmptyState title={t('dashboard.empty.title')} testId="earn-products-empty">
          {t('dashboard.empty.text')}
        </EmptyState>
      </div>
    );
  }
  return (
    <ul
      className={styles.grid}
      aria-label={t(`tab.${tab}`)}
      data-testid="earn-products"
      data-state="list"
    >
      {products.map((product) => (
        <li key={product.id} className={styles.gridItem}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
