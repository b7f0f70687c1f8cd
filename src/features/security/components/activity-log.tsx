import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { DEVICE_LOG_PAGE_SIZE } from '../../../services/member-security';
import type { LoginDeviceLog } from '../../../shared/api/auth';
import { useLoginDeviceLogs } from '../api/use-login-device-logs';
import { useErrorText } from '../../../hooks/use-error-text';
import { DataTable, queryTableState } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';

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
  wallet_login_confirmed: 'activity.action.wallet_login_confirmed',
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
      <DataTable
        label={t('security:activity.title')}
        testId="activity-log"
        loadingLines={4}
        {...queryTableState(query, (error) => errorText(error) ?? t('common:error.description'))}
        // past the first page an empty page stays a table, with the way back
        empty={page === 1 ? { title: t('security:activity.empty') } : undefined}
        rows={list}
        rowKey={(entry) => entry.id}
        rowTestId="activity-row"
        rowProps={(entry) => ({ 'data-action': entry.action })}
        columns={[
          {
            id: 'time',
            header: t('security:activity.column.time'),
            numeric: true,
            cell: (entry) => formatDateTime(entry.time),
          },
          {
            id: 'action',
            header: t('security:activity.column.action'),
            cell: (entry) => t(`security:${ACTION_KEYS[entry.action]}`),
          },
          {
            id: 'device',
            header: t('security:activity.column.device'),
            cell: (entry) => entry.device ?? t('security:activity.unknownDevice'),
          },
          {
            id: 'ip',
            header: t('security:activity.column.ip'),
            numeric: true,
            cell: (entry) => entry.ip,
          },
        ]}
        pagination={{
          page,
          pageSize: DEVICE_LOG_PAGE_SIZE,
          total: query.data?.total ?? 0,
          onPageChange: setPage,
          busy: query.isFetching,
          label: t('security:activity.pages'),
          testIdPrefix: 'activity-log',
        }}
      />
    </SectionCard>
  );
}
