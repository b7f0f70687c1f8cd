import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  queryTableState,
  type DataTableColumn,
} from '../../../../components/data-table';
import { SectionCard } from '../../../../components/section-card';
import { paths } from '../../../../lib/paths';
import type { EarnEvent } from '../../../../shared/api/earn';
import { EARN_HISTORY_PAGE_SIZE, useEarnHistory } from '../../api/use-earn-history';
import { useEarnErrorText } from '../../hooks/use-earn-error-text';
import { useEventLabel, usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

/**
 * A subscription's movements from premium2/PremiumHistory, newest first, 10 a page: the day
 * (UTC+8), what happened (subscribe, add, daily or monthly reward, compounding, renewal,
 * return, refund, early redemption, fee), the amount to (+) or from (-) the member, the level
 * and rate a reward was paid at, the term. Each row opens the movement (/earn/history/{id}).
 */
export function EventHistory({ premiumId, sn }: { premiumId: number; sn: string }) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const eventLabel = useEventLabel();
  const [page, setPage] = useState(1);
  const query = useEarnHistory(premiumId, page);

  const columns: DataTableColumn<EarnEvent>[] = [
    {
      id: 'day',
      header: t('event.day'),
      numeric: true,
      rowHeader: true,
      cell: (event) =>
        event.day ? t('utc8', { time: event.day.replaceAll('-', '/') }) : format.day(event.at),
    },
    {
      id: 'kind',
      header: t('event.kind'),
      cell: (event) => eventLabel(event),
      cellProps: () => ({ 'data-testid': 'portfolio-event-kind' }),
    },
    {
      id: 'amount',
      header: t('event.amount'),
      numeric: true,
      align: 'end',
      cell: (event) => format.signedMoney(event),
      cellClassName: (event) => (event.amount.startsWith('-') ? undefined : styles.positive),
      cellProps: () => ({ 'data-testid': 'portfolio-event-amount' }),
    },
    {
      id: 'rate',
      header: t('event.rate'),
      numeric: true,
      cell: (event) =>
        event.rate !== null
          ? event.level !== null
            ? t('fact.rateValue', { rate: format.rate(event.rate), level: event.level })
            : format.rate(event.rate)
          : t('event.none'),
      cellProps: () => ({ 'data-testid': 'portfolio-event-rate' }),
    },
    {
      id: 'term',
      header: t('event.term'),
      numeric: true,
      hideOnPhone: true,
      cell: (event) => String(event.term),
    },
    {
      id: 'open',
      header: t('event.open'),
      hideHeader: true,
      cell: (event) => (
        <Link
          to={paths.EarnHistory.getHref({ id: event.id }, { sn })}
          data-testid="portfolio-event-link"
        >
          {t('event.details')}
        </Link>
      ),
    },
  ];

  return (
    <SectionCard title={t('event.title')} data-testid="portfolio-events">
      <DataTable
        label={t('event.title')}
        columns={columns}
        rows={query.data?.list}
        rowKey={(event) => event.id}
        rowTestId="portfolio-event"
        rowProps={(event) => ({ 'data-kind': event.kind })}
        {...queryTableState(query, (error) => errorText(error) ?? t('error.load'))}
        empty={{ title: t('event.empty') }}
        pagination={{
          page,
          pageSize: EARN_HISTORY_PAGE_SIZE,
          total: query.data?.total ?? 0,
          onPageChange: setPage,
          label: t('event.pages'),
          busy: query.isPlaceholderData,
          testIdPrefix: 'portfolio-events-page',
        }}
        testId="portfolio-events"
      />
    </SectionCard>
  );
}
