import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-states';
import { SectionCard } from '../../../../components/section-card';
import type { EarnProductDetail } from '../../../../shared/api/earn';
import { isNavKind } from '../../../../shared/constants/earn';
import { useEarnNav } from '../../api/use-earn-nav';
import { ChartSkeleton } from '../../../../components/time-chart';
import {
  AnnualReturnChart,
  DrawdownChart,
  formatNav,
  formatSignedRate,
  NavChart,
} from './nav-charts';
import { maxDrawdown, navPoints } from './series';
import styles from './charts.module.css';

/** Products valued by a posted NAV: Mixed Quant, Flagship, Trader Alliance and premium funds. */
export const showsPerformance = (product: Pick<EarnProductDetail, 'kind' | 'premiumOnly'>) =>
  isNavKind(product.kind) || product.premiumOnly;

/**
 * The product page's performance block for NAV products: the key figures (latest NAV, return
 * since inception and this year, Sharpe ratio, deepest drawdown of the posted NAV), the NAV
 * chart, the drawdown chart computed from it and the annualised return since the first NAV.
 */
export function ProductPerformance({ product }: { product: EarnProductDetail }) {
  const { t, i18n } = useTranslation('earn');
  const query = useEarnNav(product.serialNumber);
  const nav = useMemo(() => (query.data ? navPoints(query.data.list) : []), [query.data]);
  const language = i18n.language;

  let body;
  if (query.isPending) {
    body = (
      <div className={styles.group} data-testid="earn-performance-loading" aria-busy="true">
        <ChartSkeleton />
        <ChartSkeleton />
      </div>
    );
  } else if (!query.data) {
    body = (
      <LoadError
        message={t('performance.error')}
        onRetry={() => query.refetch()}
        testId="earn-performance-error"
      />
    );
  } else {
    const latest = nav[nav.length - 1];
    const figures = [
      {
        id: 'nav',
        label: t('performance.latestNav'),
        value: latest ? formatNav(latest.value, language) : null,
      },
      {
        id: 'itd',
        label: t('performance.itd'),
        value: product.itdReturn === null ? null : formatSignedRate(product.itdReturn, language),
      },
      {
        id: 'ytd',
        label: t('performance.ytd'),
        value: product.ytdReturn === null ? null : formatSignedRate(product.ytdReturn, language),
      },
      {
        id: 'drawdown',
        label: t('performance.maxDrawdown'),
        value: nav.length > 1 ? formatSignedRate(maxDrawdown(nav), language) : null,
      },
      {
        id: 'sharpe',
        label: t('performance.sharpe'),
        value:
          product.sharpeRatio === null
            ? null
            : new Intl.NumberFormat(language || 'en-US', { maximumFractionDigits: 2 }).format(
                product.sharpeRatio,
              ),
      },
    ].filter((figure) => figure.value !== null);
    body = (
      <>
        {figures.length > 0 ? (
          <dl className={styles.figures}>
            {figures.map((figure) => (
              <div key={figure.id}>
                <dt>{figure.label}</dt>
                <dd data-testid={`earn-performance-${figure.id}`}>{figure.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className={styles.group}>
          <NavChart points={nav} />
          <DrawdownChart nav={nav} />
        </div>
        {nav.length > 1 ? <AnnualReturnChart points={nav} basis="nav" /> : null}
      </>
    );
  }

  return (
    <SectionCard
      title={t('performance.title')}
      description={t('performance.description')}
      data-testid="earn-performance"
      data-state={query.isPending ? 'loading' : query.data ? 'data' : 'error'}
    >
      <div className={styles.performance}>{body}</div>
    </SectionCard>
  );
}
