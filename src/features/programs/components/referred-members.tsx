import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableState } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { formatDate } from '../../../lib/date-format';
import { REFERRAL_PAGE_SIZE } from '../../../services/referral';
import { useReferredMembers } from '../api/use-referral-program';
import styles from './programs.module.css';

/**
 * The members who registered with the member's code (GET user/referral/history), 10 a page:
 * masked e-mail, registration day, the day they reached level 1 and whether they qualified
 * (counted for the member's rewards; not when over the month's cap or not yet at level 1).
 */
export function ReferredMembers() {
  const { t } = useTranslation(['programs', 'common']);
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const query = useReferredMembers(page, { enabled: true });

  return (
    <SectionCard title={t('programs:referral.members.title')} data-testid="referred-members">
      <DataTable
        label={t('programs:referral.members.title')}
        testId="referred-members"
        {...queryTableState(query, (error) => errorText(error) ?? t('common:error.description'))}
        empty={
          page === 1
            ? {
                title: t('programs:referral.members.empty.title'),
                text: t('programs:referral.members.empty.text'),
              }
            : undefined
        }
        rows={query.data?.list}
        rowKey={(row, index) => `${row.email}-${row.registeredAt}-${index}`}
        rowTestId="referred-member"
        rowProps={(row) => ({ 'data-qualified': String(row.qualified) })}
        columns={[
          {
            id: 'email',
            header: t('programs:referral.members.email'),
            rowHeader: true,
            cell: (row) => row.email,
          },
          {
            id: 'registeredAt',
            header: t('programs:referral.members.registeredAt'),
            numeric: true,
            cell: (row) => formatDate(row.registeredAt),
          },
          {
            id: 'level1At',
            header: t('programs:referral.members.level1At'),
            numeric: true,
            cell: (row) => (row.level1At ? formatDate(row.level1At) : '–'),
          },
          {
            id: 'qualified',
            header: t('programs:referral.members.qualified'),
            cell: (row) => (
              <span
                className={`${styles.badge} ${row.qualified ? styles.badgePositive : styles.badgeMuted}`}
              >
                {row.qualified
                  ? t('programs:referral.members.qualifiedYes')
                  : t('programs:referral.members.qualifiedNo')}
              </span>
            ),
          },
        ]}
        pagination={{
          page,
          pageSize: REFERRAL_PAGE_SIZE,
          total: query.data?.total ?? 0,
          onPageChange: setPage,
          busy: query.isFetching,
          label: t('programs:referral.members.pages'),
          testIdPrefix: 'referred-members-pages',
        }}
      />
    </SectionCard>
  );
}
