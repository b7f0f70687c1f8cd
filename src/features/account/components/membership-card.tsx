import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberLevel } from '../../../shared/membership/levels';
import { MEMBER_LEVELS, memberType, type AccountStanding } from '../utils/member-levels';
import { SectionCard } from '../../../components/section-card';
import { StatusBadge } from './status-badge';
import styles from './account.module.css';

/**
 * Member type (individual or institutional, from the business role bit) and member level 0-4
 * with what it allows (spec section 6). Identity verification (level 1) has its own card.
 */
export function MembershipCard({ standing }: { standing: AccountStanding }) {
  const { t } = useTranslation('account');
  const captionId = useId();
  const type = memberType(standing.roleId);
  const levelText = (level: MemberLevel) => t(`level.${level}.allows`);

  return (
    <SectionCard title={t('membership.title')} data-testid="account-membership">
      <dl className={styles.facts}>
        <dt>{t('membership.type')}</dt>
        <dd data-testid="account-member-type" data-type={type}>
          {t(`membership.type.${type}`)}
        </dd>

        <dt>{t('membership.level')}</dt>
        <dd data-testid="account-level" data-level={standing.level}>
          <span className={styles.levelValue}>
            {t('membership.levelValue', { level: standing.level })}
          </span>
          <span className={styles.hint} data-testid="account-level-allows">
            {levelText(standing.level)}
          </span>
        </dd>
      </dl>

      <p className={styles.levelsCaption} id={captionId}>
        {t('levels.caption')}
      </p>
      <ol className={styles.levels} aria-labelledby={captionId}>
        {MEMBER_LEVELS.map((level) => {
          const current = level === standing.level;
          return (
            <li
              key={level}
              className={styles.levelRow}
              aria-current={current ? 'true' : undefined}
              data-testid="account-level-row"
              data-level={level}
            >
              <span className={styles.levelName}>
                {t('membership.levelValue', { level })}
                {current ? <StatusBadge tone="primary">{t('levels.current')}</StatusBadge> : null}
              </span>
              <span>{levelText(level)}</span>
            </li>
          );
        })}
      </ol>
    </SectionCard>
  );
}
