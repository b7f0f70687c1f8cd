import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { DataTable, queryTableState } from '../../../components/data-table';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { paths } from '../../../lib/paths';
import {
  BINFI_HISTORY_PAGE_SIZE,
  type BinfiRound,
  type BinfiVariant,
} from '../../../shared/api/binfi';
import { useHistoryFundList, useSideDetail } from '../api/use-binfi';
import { RoundCharts } from '../components/binfi-charts';
import { PeriodsTable } from '../components/periods-table';
import { RoundFacts } from '../components/round-facts';
import { StatusBadge } from '../components/status-badge';
import { useKeepBinfiQuery } from '../hooks/use-keep-binfi-query';
import { day, formatUsdt } from '../utils/format';
import { sideOfParam } from '../utils/status';
import styles from '../components/binfi.module.css';

/** The variant's ended rounds, 10 a page (`?page=`), each opening its history. */
function PastRounds({ variant, side }: { variant: BinfiVariant; side: 'supply' | 'take' }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useHistoryFundList(variant, page);
  const history = variant === 'galaxy' ? paths.BinFiGalaxyHistory : paths.BinFiHistory;
  const go = (next: number) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('page', String(next));
      return params;
    });
  return (
    <DataTable<BinfiRound>
      label={t('history.pastTitle')}
      rows={query.data?.list}
      rowKey={(round) => round.fundId}
      rowTestId="binfi-past-round"
      rowProps={(round) => ({ 'data-id': round.fundId, 'data-state': round.state })}
      {...queryTableState(query, (error) => errorText(error))}
      empty={{ title: t('history.emptyTitle'), text: t('history.emptyText') }}
      testId="binfi-past"
      pagination={{
        page,
        pageSize: BINFI_HISTORY_PAGE_SIZE,
        total: query.data?.total ?? 0,
        onPageChange: go,
        label: t('history.pastTitle'),
        busy: query.isFetching,
        testIdPrefix: 'binfi-past-page',
      }}
      columns={[
        {
          id: 'round',
          header: t('myFund.round'),
          rowHeader: true,
          cell: (round) => (
            <Link className={styles.link} to={history.getHref({ id: round.fundId, type: side })}>
              {t(round.variant === 'galaxy' ? 'round.galaxyName' : 'round.name', {
                id: round.fundId,
              })}
            </Link>
          ),
        },
        {
          id: 'state',
          header: t('field.status'),
          cell: (round) => <StatusBadge status={round.state} />,
        },
        {
          id: 'contract',
          header: t('field.contract'),
          cell: (round) => (round.startAt ? `${day(round.startAt)} – ${day(round.maturity)}` : '–'),
        },
        {
          id: 'matched',
          header: t('field.matchedValue'),
          numeric: true,
          align: 'end',
          cell: (round) => formatUsdt(round.matchedValue),
        },
      ]}
    />
  );
}

/**
 * BinFiHistory (`/bin-fi/history/{id}/{type}`) and BinFiGalaxyHistory
 * (`/bin-fi-galaxy/history/{id}/{type}`): a round's history from one side (its figures, the
 * refund, reward months and settlement it paid per unit) and the variant's past rounds.
 */
export function BinfiHistory({ variant }: { variant: BinfiVariant }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  useKeepBinfiQuery();
  const params = useParams();
  const location = useLocation();
  const fundId = Number(params.id);
  const side = sideOfParam(params.type) ?? 'supply';
  const valid = Number.isInteger(fundId) && fundId > 0;
  const query = useSideDetail(valid ? fundId : 0, side, variant);
  const dashboard = variant === 'galaxy' ? paths.BinFiGalaxyDashboard : paths.BinFiDashboard;
  const history = variant === 'galaxy' ? paths.BinFiGalaxyHistory : paths.BinFiHistory;
  const name = t(variant === 'galaxy' ? 'round.galaxyName' : 'round.name', { id: fundId });

  return (
    <div className={styles.page} data-testid="binfi-history" data-variant={variant}>
      <PageHeader
        title={t('history.titleOf', { name })}
        breadcrumbs={[
          {
            label: t(variant === 'galaxy' ? 'galaxy.title' : 'dashboard.title'),
            href: dashboard.getHref(),
          },
          { label: t('history.title') },
        ]}
      />
      <SectionCard
        title={t(side === 'supply' ? 'side.rock' : 'side.flame')}
        actions={
          <Link
            className={styles.link}
            to={history.getHref({ id: fundId, type: side === 'supply' ? 'take' : 'supply' })}
            state={location.state as unknown}
            data-testid="binfi-history-other-side"
          >
            {t(side === 'supply' ? 'detail.toFlame' : 'detail.toRock')}
          </Link>
        }
        data-testid="binfi-history-round"
      >
        {!valid ? (
          <EmptyState title={t('detail.noneTitle')}>{t('detail.noneText')}</EmptyState>
        ) : query.isPending ? (
          <Skeleton lines={5} testId="binfi-history-loading" />
        ) : query.isError ? (
          <LoadError
            message={errorText(query.error)}
            onRetry={() => query.refetch()}
            testId="binfi-history-error"
          />
        ) : (
          <div className={styles.stack}>
            <RoundFacts detail={query.data} />
            <RoundCharts round={query.data.round} side={side} />
            <PeriodsTable detail={query.data} />
          </div>
        )}
      </SectionCard>
      <SectionCard title={t('history.pastTitle')}>
        <PastRounds variant={variant} side={side} />
      </SectionCard>
    </div>
  );
}

export default function BinfiHistoryPage() {
  return <BinfiHistory variant="binfi" />;
}
