import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { REFERRAL_RULES } from '../../../shared/api/programs';
import styles from './programs.module.css';

const whole = (value: number) => value.toLocaleString('en-US');

/**
 * How the referral program pays (spec section 9), from the same constants the server applies:
 * the sign-up and level-1 rewards, the first-purchase tiers, the monthly cap, the pool and the
 * distribution days.
 */
export function ReferralRules() {
  const { t } = useTranslation('programs');
  const tiers = REFERRAL_RULES.firstPurchaseTiers;
  return (
    <SectionCard title={t('referral.rules.title')} data-testid="referral-rules">
      <ul className={styles.rules}>
        <li className={styles.rule}>
          <span className={styles.ruleAmount}>
            {t('referral.rules.amount', { amount: whole(REFERRAL_RULES.signupBcnt) })}
          </span>
          <span className={styles.ruleText}>{t('referral.rules.signup')}</span>
        </li>
        <li className={styles.rule}>
          <span className={styles.ruleAmount}>
            {t('referral.rules.amount', { amount: whole(REFERRAL_RULES.level1Bcnt) })}
          </span>
          <span className={styles.ruleText}>{t('referral.rules.level1')}</span>
        </li>
        {tiers.map((tier) => (
          <li className={styles.rule} key={tier.fromRank} data-testid="referral-tier">
            <span className={styles.ruleAmount}>
              {t('referral.rules.amount', { amount: whole(tier.bcnt) })}
            </span>
            <span className={styles.ruleText}>
              {tier.toRank === null
                ? t('referral.rules.tierFrom', { from: tier.fromRank })
                : t('referral.rules.tier', { from: tier.fromRank, to: tier.toRank })}
            </span>
          </li>
        ))}
      </ul>
      <ul className={styles.notes}>
        <li>{t('referral.rules.cap', { cap: REFERRAL_RULES.monthlyCap })}</li>
        <li>{t('referral.rules.pool', { pool: whole(REFERRAL_RULES.poolBcnt) })}</li>
        <li>{t('referral.rules.distribution', { hour: REFERRAL_RULES.distributionEndHour })}</li>
      </ul>
    </SectionCard>
  );
}
