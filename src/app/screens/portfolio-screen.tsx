import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { QueryTabs } from '../../components/query-tabs';
import { MyStrategiesPanel } from '../../features/autotrade/components/my-strategies-panel';
import { MyBinfiPanel } from '../../features/binfi/components/my-binfi-panel';
import { EarnPortfolioPanel } from '../../features/earn/components/portfolio/earn-portfolio-panel';
import { MyLendingPanel } from '../../features/lending/components/my-lending-panel';
import {
  PORTFOLIO_EARN_TABS,
  type PortfolioEarnTab,
} from '../../features/earn/components/portfolio/portfolio-tabs';
import styles from '../../features/earn/components/portfolio/portfolio.module.css';

/**
 * /portfolio (MyStrategies, KYC-gated: the route's entry rule sends a member without identity
 * verification to Account): My Subscriptions, tabs synced to `?tab=`. The earn feature gives
 * the Earn, Stable Income, Mixed Quant and Flagship panels, the autotrade feature the Smart
 * Autotrade tab (first, as the spec lists the tabs), the lending feature the lending bot's tab,
 * the binfi feature the BinFi tab (the member's orders); Favorites joins as a tab here when its
 * feature exists (features never import each other: the app composes them).
 */
export default function PortfolioScreen() {
  const { t } = useTranslation('portfolio');
  const { t: autotrade } = useTranslation('autotrade');
  const { t: lending } = useTranslation('lending');
  const { t: binfi } = useTranslation('binfi');
  return (
    <div className={styles.page} data-testid="portfolio-page">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <QueryTabs<PortfolioEarnTab | 'autotrade' | 'lending' | 'binfi'>
        label={t('page.tabs')}
        defaultValue="earn"
        testIdPrefix="portfolio"
        tabs={[
          {
            value: 'autotrade',
            label: autotrade('dashboard.title'),
            content: <MyStrategiesPanel />,
          },
          {
            value: 'lending',
            label: lending('dashboard.title'),
            content: <MyLendingPanel />,
          },
          {
            value: 'binfi',
            label: binfi('dashboard.title'),
            content: <MyBinfiPanel />,
          },
          ...PORTFOLIO_EARN_TABS.map((value) => ({
            value,
            label: t(`tab.${value}`),
            content: <EarnPortfolioPanel tab={value} />,
          })),
        ]}
      />
    </div>
  );
}
