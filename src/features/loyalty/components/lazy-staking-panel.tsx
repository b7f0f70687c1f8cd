import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StakingPanelProps } from './staking-panel';
import { Skeleton } from './load-states';
import common from './loyalty.module.css';

/**
 * The staking panel's code (wagmi, viem, RainbowKit) is its own chunk: pages render this
 * wrapper, so nothing of the wallet code is in their chunk or the first load.
 */
const StakingPanel = lazy(() => import('./staking-panel'));

export function LazyStakingPanel(props: StakingPanelProps) {
  return (
    <Suspense fallback={<StakingPanelFallback />}>
      <StakingPanel {...props} />
    </Suspense>
  );
}

/** Shown while the wallet code loads: the panel's frame with skeleton lines. */
function StakingPanelFallback() {
  const { t } = useTranslation('loyalty');
  return (
    <section className={common.card} aria-busy="true" data-testid="staking-panel-loading">
      <div className={common.cardHeader}>
        <h2 className={common.cardTitle}>{t('staking.title')}</h2>
        <p className={common.cardDescription}>{t('staking.loading')}</p>
      </div>
      <Skeleton lines={4} />
    </section>
  );
}
