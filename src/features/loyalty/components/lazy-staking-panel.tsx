import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StakingPanelProps } from './staking-panel';
import { Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';

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
    <SectionCard
      title={t('staking.title')}
      description={t('staking.loading')}
      aria-busy
      data-testid="staking-panel-loading"
    >
      <Skeleton lines={4} />
    </SectionCard>
  );
}
