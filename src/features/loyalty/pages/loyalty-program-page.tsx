import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DEFAULT_STAKE_THRESHOLDS, type StakeThresholds } from '../../../shared/membership/levels';
import { LazyStakingPanel } from '../components/lazy-staking-panel';
import { LevelGuide } from '../components/level-guide';
import { LoyaltyRates } from '../components/loyalty-rates';
import { useRouteLanguage } from '../hooks/use-route-language';
import styles from './loyalty-program-page.module.css';

/**
 * /loyalty-program (public) and /loyalty-program/:mobile/:lang? (the mobile app's web view: the
 * shell hides the nav bar and footer for a `mobile` param; `lang` picks the language).
 * What the program is, the rate table from the server, and the staking panel (lazy: the wallet
 * code loads after the page). The level thresholds come from the staking contract once the
 * panel has read them; until then the contract's initial ones.
 */
export default function LoyaltyProgramPage() {
  const { t } = useTranslation('loyalty');
  const { mobile, lang } = useParams();
  useRouteLanguage(lang);
  const [thresholds, setThresholds] = useState<StakeThresholds>(DEFAULT_STAKE_THRESHOLDS);

  return (
    <div
      className={styles.page}
      data-testid="loyalty-program-page"
      data-web-view={mobile ? '' : undefined}
    >
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className={styles.stack}>
        <LevelGuide thresholds={thresholds} />
        <LoyaltyRates />
        <LazyStakingPanel onThresholds={setThresholds} />
      </div>
    </div>
  );
}
