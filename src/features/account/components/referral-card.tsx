import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { formatDate } from '../../../lib/date-format';
import { REFERRAL_PAGE_SIZE } from '../../../services/referral';
import type { MemberLevel } from '../../../shared/membership/levels';
import { useReferralHistory } from '../api/use-referral-history';
import { useErrorText } from '../hooks/use-error-text';
import { ACCOUNT_PATHS } from '../utils/paths';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { Pagination } from '../../../components/pagination';
import tableStyles from '../../../components/data-table.module.css';
import styles from './account.module.css';

export interface ReferralCardProps {
  level: MemberLevel;
  referralCode: string | null;
}

/**
 * The referral record (spec section 2 `/account`): the members who registered with this
 * member's referral code, 10 a page, e-mails masked by the server. Only from level 1 (spec: the
 * referral code comes with identity verification); below, the card says so and links to /kyc,
 * and nothing is fetched.
 */
export function ReferralCard({ level, referralCode }: ReferralCardProps) {
  const { t } = useTranslation(['account', 'common']);
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const eligible = level >= 1;
  const query = useReferralHistory(page, { enabled: eligible });
  const list = query.data?.list ?? [];

  const state = !eligible
    ? 'locked'
    : query.isPending
      ? 'loading'
      : !query.data
        ? 'error'
        : list.length === 0 && page === 1
          ? 'empty'
          : 'list';

  return (
    <SectionCard
      title={t('account:referrals.title')}
      data-testid="account-referrals"
      data-state={state}
    >
      {state === 'locked' ? (
        <div className={styles.state} data-testid="account-referrals-locked">
          <p className={styles.stateText}>{t('account:referrals.locked')}</p>
          <ButtonLink size="sm" to={ACCOUNT_PATHS.kyc}>
            {t('account:kyc.link.verify')}
          </ButtonLink>
        </div>
      ) : state === 'loading' ? (
        <Skeleton lines={3} testId="account-referrals-loading" />
      ) : state === 'error' ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="account-referrals-error"
        />
      ) : state === 'empty' ? (
        <EmptyState title={t('account:referrals.empty.title')} testId="account-referrals-empty">
          {referralCode
            ? t('account:referrals.empty.withCode', { code: referralCode })
            : t('account:referrals.empty.text')}
        </EmptyState>
      ) : (
        <>
          <p className={styles.stateNote} data-testid="account-referrals-total">
            {t('account:referrals.total', { count: query.data?.total ?? 0 })}
          </p>
          <table
            className={tableStyles.table}
            aria-label={t('account:referrals.title')}
            aria-busy={query.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t('account:referrals.column.email')}</th>
                <th scope="col">{t('account:referrals.column.registeredAt')}</th>
                <th scope="col">{t('account:referrals.column.level')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((record, index) => (
                <tr
                  key={`${record.email}-${record.registeredAt}-${index}`}
                  data-testid="referral-row"
                  data-level={record.level}
                >
                  <td data-label={t('account:referrals.column.email')}>{record.email}</td>
                  <td
                    data-label={t('account:referrals.column.registeredAt')}
                    className={tableStyles.numeric}
                  >
                    {formatDate(record.registeredAt)}
                  </td>
                  <td
                    data-label={t('account:referrals.column.level')}
                    className={tableStyles.numeric}
                  >
                    {t('account:membership.levelValue', { level: record.level })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pageSize={REFERRAL_PAGE_SIZE}
            total={query.data?.total ?? 0}
            onPageChange={setPage}
            busy={query.isFetching}
            label={t('account:referrals.pages')}
            testIdPrefix="referral-pages"
          />
        </>
      )}
    </SectionCard>
  );
}
