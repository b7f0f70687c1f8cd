import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { showProgressBar } from '../../../components/progress-bar-store';
import { formatDateTime } from '../../../lib/date-format';
import { DEVICE_PAGE_SIZE } from '../../../services/member-security';
import type { LoginDevice } from '../../../shared/api/auth';
import { useLoginDevices } from '../api/use-login-devices';
import { useRevokeLoginDevice } from '../api/use-revoke-login-device';
import { useErrorText } from '../../../hooks/use-error-text';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, queryTableState } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import styles from './security.module.css';

const STATUS_KEYS = {
  0: 'devices.status.pending',
  1: 'devices.status.authorized',
  2: 'devices.status.revoked',
} as const;

function statusKey(status: number) {
  return STATUS_KEYS[status as keyof typeof STATUS_KEYS] ?? 'devices.status.unknown';
}

/**
 * The member's authorised login devices (20 a page, newest first): device, login time
 * (YYYY/MM/DD HH:mm, UTC+8), IP, status, a "This device" badge, and Revoke for every other
 * device, behind a confirmation (revoking ends that device's sessions at once).
 */
export function LoginDevices() {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const query = useLoginDevices(page);
  const revoke = useRevokeLoginDevice();
  const [target, setTarget] = useState<LoginDevice | null>(null);

  async function confirmRevoke() {
    if (!target) return;
    const result = await revoke.mutateAsync(target);
    showProgressBar({
      type: 'success',
      text: t('security:devices.revoked', { count: result.revokedSessions }),
      autoClose: 5000,
    });
  }

  const list = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  // A revoke can empty the last page: step back to a page that has rows.
  const emptyPastFirst =
    query.isSuccess && !query.isPlaceholderData && list.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPastFirst) setPage((current) => Math.max(1, current - 1));
  }, [emptyPastFirst]);

  return (
    <SectionCard
      title={t('security:devices.title')}
      description={t('security:devices.description')}
      data-testid="device-list"
    >
      <DataTable
        label={t('security:devices.title')}
        testId="device-list"
        loadingLines={4}
        {...queryTableState(query, (error) => errorText(error) ?? t('common:error.description'))}
        empty={{ title: t('security:devices.empty') }}
        rows={list}
        rowKey={(device) => device.id}
        rowTestId="device-row"
        rowProps={(device) => ({
          'data-client-id': device.clientId,
          'data-current': device.current || undefined,
        })}
        columns={[
          {
            id: 'device',
            header: t('security:devices.column.device'),
            cell: (device) => (
              <span>
                {device.device || device.os}
                {device.current ? (
                  <span className={styles.badge} data-testid="device-current">
                    {t('security:devices.thisDevice')}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            id: 'loginTime',
            header: t('security:devices.column.loginTime'),
            numeric: true,
            cell: (device) => formatDateTime(device.loginTime),
          },
          {
            id: 'ip',
            header: t('security:devices.column.ip'),
            numeric: true,
            cell: (device) => device.ip,
          },
          {
            id: 'status',
            header: t('security:devices.column.status'),
            cellClassName: (device) => styles[`status-${device.status}`],
            cell: (device) => t(`security:${statusKey(device.status)}`),
          },
          {
            id: 'actions',
            header: t('security:devices.column.actions'),
            hideHeader: true,
            align: 'end',
            cell: (device) =>
              !device.current && device.status !== 2 ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setTarget(device)}
                  aria-label={t('security:devices.revokeNamed', {
                    device: device.device || device.os,
                  })}
                  data-testid="device-revoke"
                >
                  {t('security:devices.revoke')}
                </Button>
              ) : null,
          },
        ]}
        pagination={{
          page,
          pageSize: DEVICE_PAGE_SIZE,
          total,
          onPageChange: setPage,
          busy: query.isFetching,
          label: t('security:devices.pages'),
          testIdPrefix: 'device-list',
        }}
      />

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={t('security:devices.confirm.title')}
        description={t('security:devices.confirm.body', {
          device: target ? target.device || target.os : '',
        })}
        confirmLabel={t('security:devices.revoke')}
        confirmVariant="danger"
        onConfirm={confirmRevoke}
        data-testid="device-revoke-confirm"
      />
    </SectionCard>
  );
}
