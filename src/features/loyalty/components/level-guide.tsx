import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import type { StakeThresholds } from '../../../shared/membership/levels';
import { BCNT_DECIMALS, BCNT_SYMBOL } from '../../../web3/bcnt-token';
import { formatTokenAmount } from '../../../web3/format-token-amount';
import styles from './level-guide.module.css';

export interface LevelGuideProps {
  /** The staking contract's thresholds once read, else the contract's initial ones. */
  thresholds: StakeThresholds;
}

/**
 * What the program is (spec products-programs sections 1, 4, 5, 9): level 1 by identity
 * verification, levels 2-4 by staking BCNT (level 3 also by an Alliance NFT), the 14-day
 * unstaking during which the level is kept, and the maximum yield.
 * Test ids: `loyalty-levels`, `loyalty-level-<1..4>` (thresholds in `data-threshold`, BCNT).
 */
export function LevelGuide({ thresholds }: LevelGuideProps) {
  const { t } = useTranslation('loyalty');
  const amount = (value: bigint) =>
    t('amount.bcnt', {
      amount: formatTokenAmount(value, { decimals: BCNT_DECIMALS, maxFractionDigits: 4 }),
      symbol: BCNT_SYMBOL,
    });
  const levels = [
    { level: 1, how: t('guide.level1') },
    { level: 2, how: t('guide.level2', { amount: amount(thresholds.level2) }) },
    { level: 3, how: t('guide.level3', { amount: amount(thresholds.level3) }) },
    { level: 4, how: t('guide.level4', { amount: amount(thresholds.level4) }) },
  ] as const;
  const threshold = {
    1: undefined,
    2: thresholds.level2,
    3: thresholds.level3,
    4: thresholds.level4,
  };

  return (
    <SectionCard
      title={t('guide.title')}
      description={t('guide.description')}
      data-testid="loyalty-levels"
    >
      <ol className={styles.levels}>
        {levels.map(({ level, how }) => (
          <li
            key={level}
            className={styles.level}
            data-testid={`loyalty-level-${level}`}
            data-threshold={threshold[level]?.toString()}
          >
            <span className={styles.levelName}>{t('level.value', { level })}</span>
            <span className={styles.levelHow}>{how}</span>
          </li>
        ))}
      </ol>
      <ul className={styles.facts}>
        <li className={styles.fact}>
          <span className={styles.factValue}>{t('guide.maxYield.value')}</span>
          <span>{t('guide.maxYield')}</span>
        </li>
        <li className={styles.fact}>
          <span className={styles.factValue}>{t('guide.unstake.value')}</span>
          <span>{t('guide.unstake')}</span>
        </li>
        <li className={styles.fact}>
          <span className={styles.factValue}>{t('guide.requirements.value')}</span>
          <span>{t('guide.requirements')}</span>
        </li>
      </ul>
    </SectionCard>
  );
}
