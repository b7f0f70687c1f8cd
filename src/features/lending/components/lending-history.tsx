import { useTranslation } from 'react-i18next';
import { DataTable, queryTableState } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import type { LendingInterestHistory } from '../../../shared/api/lending';
import { useLendingHistory } from '../api/use-lending';
import { useLendingErrorText } from '../hooks/use-lending-error-text';
import { LENDING_DEALS_SHOWN } from '../utils/lending-constants';
import {
  bpsPercent,
  formatDailyRate,
  formatDate,
  formatDateTime,
  formatPercent,
  withCurrency,
} from '../utils/format';
import styles from './lending.module.css';

type Deal = LendingInterestHistory['deals'][number];
type Period = LendingInterestHistory['periods'][number];

/**
 * The subscription's records (spec sections 3 "Records" and 9): the interest totals net of the
 * exchange's platform fee (15 % of interest, shown), the 10 latest deals (exchange number,
 * quantity, reward, return x365) and the charges (the trial and each paid period). Read again
 * every 30 s while shown: borrowers take offers as the market moves.
 */
export function LendingHistory({ strategyId }: { strategyId: number }) {
  const { t } = useTranslation(['lending', 'common']);
  const errorText = useLendingErrorText();
  const query = useLendingHistory(strategyId, true);
  const data = query.data;
  const message = (error: unknown) => errorText(error) ?? t('common:error.description');
  return (
    <>
      <SectionCard
        title={t('lending:history.interestTitle')}
        description={t('lending:history.interestText', {
          fee: bpsPercent(data?.exchangeFeeBps ?? 1500),
        })}
        data-testid="lending-interest"
      >
        {data ? (
          <dl className={styles.summary}>
            <dt>{t('lending:history.interestTotal')}</dt>
            <dd data-testid="lending-interest-total">
              {withCurrency(data.interestTotal, data.currency, 6)}
            </dd>
            <dt>
              {t('lending:history.exchangeFeeTotal', { fee: bpsPercent(data.exchangeFeeBps) })}
            </dt>
            <dd data-testid="lending-exchange-fee-total">
              {withCurrency(data.exchangeFeeTotal, data.currency, 6)}
            </dd>
          </dl>
        ) : null}
        <DataTable<Deal>
          label={t('lending:history.dealsTitle', { count: LENDING_DEALS_SHOWN })}
          testId="lending-deals"
          {...queryTableState(query, message)}
          empty={{
            title: t('lending:history.dealsEmpty'),
            text: t('lending:history.dealsEmptyText'),
          }}
          rows={data?.deals.slice(0, LENDING_DEALS_SHOWN)}
          rowKey={(deal) => deal.exchangeNumber}
          rowTestId="lending-deal"
          rowProps={(deal) => ({ 'data-status': deal.status })}
          columns={[
            {
              id: 'number',
              header: t('lending:deal.exchangeNumber'),
              rowHeader: true,
              numeric: true,
              cell: (deal) => deal.exchangeNumber,
            },
            {
              id: 'quantity',
              header: t('lending:deal.quantity'),
              numeric: true,
              align: 'end',
              cell: (deal) => withCurrency(deal.quantity, deal.currency),
            },
            {
              id: 'rate',
              header: t('lending:deal.dailyRate'),
              numeric: true,
              align: 'end',
              hideOnPhone: true,
              cell: (deal) => formatDailyRate(deal.dailyRate),
            },
            {
              id: 'return',
              header: t('lending:deal.returnX365'),
              numeric: true,
              align: 'end',
              cell: (deal) => formatPercent(deal.returnX365),
              cellProps: () => ({ 'data-testid': 'lending-deal-return' }),
            },
            {
              id: 'period',
              header: t('lending:deal.period'),
              numeric: true,
              align: 'end',
              hideOnPhone: true,
              cell: (deal) => t('lending:deal.days', { count: deal.periodDays }),
            },
            {
              id: 'reward',
              header: t('lending:deal.reward'),
              numeric: true,
              align: 'end',
              cell: (deal) => withCurrency(deal.reward, deal.currency, 6),
              cellProps: () => ({ 'data-testid': 'lending-deal-reward' }),
            },
            {
              id: 'fee',
              header: t('lending:deal.exchangeFee'),
              numeric: true,
              align: 'end',
              hideOnPhone: true,
              cell: (deal) => withCurrency(deal.exchangeFee, deal.currency, 6),
            },
            {
              id: 'status',
              header: t('lending:deal.status'),
              cell: (deal) => t(`lending:deal.state.${deal.status}`),
            },
            {
              id: 'opened',
              header: t('lending:deal.openedAt'),
              numeric: true,
              cell: (deal) => formatDateTime(deal.openedAt),
            },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('lending:history.chargesTitle')} data-testid="lending-charges">
        <DataTable<Period>
          label={t('lending:history.chargesTitle')}
          testId="lending-charges"
          {...queryTableState(query, message)}
          empty={{ title: t('lending:history.chargesEmpty') }}
          rows={data?.periods}
          rowKey={(period) => period.number}
          rowTestId="lending-charge"
          rowProps={(period) => ({ 'data-kind': period.kind })}
          columns={[
            {
              id: 'number',
              header: t('lending:charge.number'),
              rowHeader: true,
              numeric: true,
              cell: (period) => `#${period.number}`,
            },
            {
              id: 'kind',
              header: t('lending:charge.kind'),
              cell: (period) => t(`lending:charge.${period.kind}`),
            },
            {
              id: 'dates',
              header: t('lending:charge.dates'),
              numeric: true,
              cell: (period) => `${formatDate(period.startsAt)} - ${formatDate(period.endsAt)}`,
            },
            {
              id: 'amount',
              header: t('lending:charge.amount'),
              numeric: true,
              align: 'end',
              cell: (period) =>
                period.kind === 'trial' || !period.currency
                  ? t('lending:charge.free')
                  : withCurrency(period.amount, period.currency),
              cellProps: () => ({ 'data-testid': 'lending-charge-amount' }),
            },
          ]}
        />
      </SectionCard>
    </>
  );
}
