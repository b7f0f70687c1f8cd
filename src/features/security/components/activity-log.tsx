import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { DEVICE_LOG_PAGE_SIZE } from '../../../services/member-security';
import type { LoginDeviceLog } from '../../../shared/api/auth';
import { useLoginDeviceLogs } from '../api/use-login-device-logs';
import { useErrorText } from '../hooks/use-error-text';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import tableStyles from '../../../components/data-table.module.css';

type LogAction = LoginDeviceLog['action'];

const ACTION_KEYS = {
  login: 'activity.action.login',
  login_failed: 'activity.action.login_failed',
  logout: 'activity.action.logout',
  refresh_reuse: 'activity.action.refresh_reuse',
  device_authorized: 'activity.action.device_authorized',
  device_revoked: 'activity.action.device_revoked',
  password_changed: 'activity.action.password_changed',
  password_reset: 'activity.action.password_reset',
  two_factor_changed: 'activity.action.two_factor_changed',
  wallet_linked: 'activity.action.wallet_linked',
  wallet_unlinked: 'activity.action.wallet_unlinked',
} as const satisfies Record<LogAction, string>;

/**
 * The account's activity log (10 a page, oldest first as the spec sorts it): time
 * (YYYY/MM/DD HH:mm, UTC+8), what happened (translated), device and IP.
 */
export function ActivityLog() {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const query = useLoginDeviceLogs(page);
  const list = query.data?.list ?? [];

  return (
    <SectionCard
      title={t('security:activity.title')}
      description={t('security:activity.description')}
      data-testid="activity-log"
    >
      {query.isPending ? (
        <Skeleton lines={4} testId="activity-log-loading" />
      ) : query.isError && !query.data ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="activity-log-error"
        />
      ) : list.length === 0 && page === 1 ? (
        <EmptyState title={t('security:activity.empty')} testId="activity-log-empty" />
      ) : (
        <>
          <table
            className={tableStyles.table}
            aria-label={t('security:activity.title')}
            aria-busy={query.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t('security:activity.column.time')}</th>
                <th scope="col">{t('security:activity.column.action')}</th>
                <th scope="col">{t('security:activity.column.device')}</th>
                <th scope="col">{t('security:activity.column.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((entry) => (
                <tr key={entry.id} data-testid="activity-row" data-action={entry.action}>
                  <td
                    data-label={t('security:activity.column.time')}
                    className={tableStyles.numeric}
                  >
                    {formatDateTime(entry.time)}
                  </td>
                  <td data-label={t('security:activity.column.action')}>
                    {t(`security:${ACTION_KEYS[entry.action]}`)}
                  </td>
                  <td data-label={t('security:activity.column.device')}>
                    {entry.device ?? t('security:activity.unknownDevice')}
                  </td>
                  <td data-label={t('security:activity.column.ip')} className={tableStyles.numeric}>
                    {entry.ip}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pageSize={DEVICE_LOG_PAGE_SIZE}
            total={query.data?.total ?? 0}
            onPageChange={setPage}
            busy={query.isFetching}
            label={t('security:activity.pages')}
            testIdPrefix="activity-log"
          />
        </>
      )}
    </SectionCard>
  );
}
