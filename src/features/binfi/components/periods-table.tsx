import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import type { BinfiSideDetail } from '../../../shared/api/binfi';
import { dayTime, formatUsdt } from '../utils/format';

type Period = BinfiSideDetail['periods'][number];

/** The round's payout periods from one side: the refund, the reward months, the settlement. */
export function PeriodsTable({ detail }: { detail: BinfiSideDetail }) {
  const { t } = useTranslation('binfi');
  return (
    <DataTable<Period>
      label={t('period.title')}
      rows={detail.periods}
      rowKey={(period) => period.period}
      rowTestId="binfi-period"
      rowProps={(period) => ({ 'data-kind': period.kind })}
      empty={{ title: t('period.emptyTitle'), text: t('period.emptyText') }}
      testId="binfi-periods"
      columns={[
        {
          id: 'kind',
          header: t('period.kind'),
          rowHeader: true,
          cell: (period) =>
            period.kind === 'reward'
              ? t('period.reward', { month: period.period })
              : t(`period.${period.kind}`),
        },
        {
          id: 'per-unit',
          header: t('period.perUnit'),
          numeric: true,
          align: 'end',
          cell: (period) => formatUsdt(period.perUnit, 6),
        },
        {
          id: 'total',
          header: t('period.total'),
          numeric: true,
          align: 'end',
          cell: (period) => formatUsdt(period.total),
        },
        {
          id: 'funded',
          header: t('period.fundedAt'),
          numeric: true,
          cell: (period) => dayTime(period.fundedAt),
        },
      ]}
    />
  );
}
