import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { formatDate } from '../../../lib/date-format';
import { REFERRAL_PAGE_SIZE } from '../../../services/referral';
import type { MemberLevel } from '../../../shared/membership/levels';
import { useReferralHistory } from '../api/use-referral-history';
import { useErrorText } from '../hooks/use-error-text';
import { paths } from '../../../lib/paths';
import { DataTable } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
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
      actions={
        <Link
          className={styles.link}
          to={paths.ReferralProgram.getHref()}
          data-testid="account-referral-program"
        >
          {t('account:referrals.program')}
        </Link>
      }
      data-testid="account-referrals"
      data-state={state}
    >
      {state === 'locked' ? (
        <div className={styles.state} data-testid="account-referrals-locked">
          <p className={styles.stateText}>{t('account:referrals.locked')}</p>
          <ButtonLink size="sm" to={paths.Kyc.getHref()}>
            {t('account:kyc.link.verify')}
          </ButtonLink>
        </div>
      ) : (
        <>
          {state === 'list' ? (
            <p className={styles.stateNote} data-testid="account-referrals-total">
              {t('account:referrals.total', { count: query.data?.total ?? 0 })}
            </p>
          ) : null}
          <DataTable
            label={t('account:referrals.title')}
            testId="account-referrals"
            loading={state === 'loading'}
            error={
              state === 'error' && {
                message: errorText(query.error) ?? t('common:error.description'),
                onRetry: () => query.refetch(),
              }
            }
            // past the first page an empty page stays a table, with the way back
            empty={
              page === 1
                ? {
                    title: t('account:referrals.empty.title'),
                    text: referralCode
                      ? t('account:referrals.empty.withCode', { code: referralCode })
                      : t('account:referrals.empty.text'),
                  }
                : undefined
            }
            busy={query.isFetching}
            rows={list}
            rowKey={(record, index) => `${record.email}-${record.registeredAt}-${index}`}
            rowTestId="referral-row"
            rowProps={(record) => ({ 'data-level': record.level })}
            columns={[
              {
                id: 'email',
                header: t('account:referrals.column.email'),
                cell: (record) => record.email,
              },
              {
                id: 'registeredAt',
                header: t('account:referrals.column.registeredAt'),
                numeric: true,
                cell: (record) => formatDate(record.registeredAt),
              },
              {
                id: 'level',
                header: t('account:referrals.column.level'),
                numeric: true,
                cell: (record) => t('account:membership.levelValue', { level: record.level }),
              },
            ]}
            pagination={{
              page,
              pageSize: REFERRAL_PAGE_SIZE,
              total: query.data?.total ?? 0,
              onPageChange: setPage,
              busy: query.isFetching,
              label: t('account:referrals.pages'),
              testIdPrefix: 'referral-pages',
            }}
          />
        </>
      )}
    </SectionCard>
  );
}
