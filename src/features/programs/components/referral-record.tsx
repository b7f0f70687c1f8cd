import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { formatDateTime } from '../../../lib/date-format';
import { useReferralProgram } from '../api/use-referral-program';
import { formatBcnt } from '../utils/bcnt';
import styles from './programs.module.css';

/**
 * The member's record in the referral program (GET user/referral/program): the code to share,
 * the reward the next friend's first purchase earns, BCNT paid and waiting for a distribution,
 * friends at level 1 and qualified, this month's count against the cap, the next distribution.
 */
export function ReferralRecord() {
  const { t } = useTranslation(['programs', 'common']);
  const errorText = useErrorText();
  const query = useReferralProgram({ enabled: true });
  const record = query.data;

  return (
    <SectionCard title={t('programs:referral.record.title')} data-testid="referral-record">
      {query.isPending ? (
        <Skeleton lines={4} testId="referral-record-loading" />
      ) : !record ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="referral-record-error"
        />
      ) : (
        <dl className={styles.facts}>
          <dt>{t('programs:referral.record.code')}</dt>
          <dd>
            <span className={styles.mono} data-testid="referral-record-code">
              {record.code}
            </span>
            <CopyButton value={record.code} label={t('programs:referral.record.copyCode')} />
          </dd>
          <dt>{t('programs:referral.record.rate')}</dt>
          <dd data-testid="referral-record-rate">
            {t('programs:referral.rules.amount', { amount: formatBcnt(record.rate) })}
          </dd>
          <dt>{t('programs:referral.record.total')}</dt>
          <dd data-testid="referral-record-total">
            {t('programs:referral.rules.amount', { amount: formatBcnt(record.totalRewards) })}
          </dd>
          <dt>{t('programs:referral.record.pending')}</dt>
          <dd data-testid="referral-record-pending">
            {t('programs:referral.rules.amount', { amount: formatBcnt(record.pendingRewards) })}
          </dd>
          <dt>{t('programs:referral.record.friends')}</dt>
          <dd data-testid="referral-record-friends">
            {t('programs:referral.record.friendsValue', {
              referred: record.referred,
              level1: record.level1,
              qualified: record.qualified,
            })}
          </dd>
          <dt>{t('programs:referral.record.month')}</dt>
          <dd data-testid="referral-record-month">
            {t('programs:referral.record.monthValue', {
              counted: record.countedThisMonth,
              cap: record.monthlyCap,
            })}
          </dd>
          <dt>{t('programs:referral.record.next')}</dt>
          <dd data-testid="referral-record-next">{formatDateTime(record.nextDistribution)}</dd>
        </dl>
      )}
    </SectionCard>
  );
}
