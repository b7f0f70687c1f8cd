import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, queryTableState } from '../../../components/data-table';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryTabs } from '../../../components/query-tabs';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import {
  STRATEGY_RISK_LEVELS,
  STRATEGY_SORTS,
  type StrategyListQuery,
  type StrategySort,
} from '../../../shared/api/autotrade-strategies';
import { useFavoriteStrategies } from '../api/use-member-strategies';
import {
  STRATEGY_PAGE_SIZE,
  useFeaturedStrategies,
  useHistoricalStrategies,
  useStrategyCategories,
  useStrategyList,
} from '../api/use-strategies';
import { StrategyCard, useStrategyColumns } from '../components/strategy-bits';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import { isKnownCategory } from '../utils/format';
import styles from '../components/autotrade.module.css';

type DashboardTab = 'all' | 'favorites' | 'history';
type Risk = (typeof STRATEGY_RISK_LEVELS)[number];

/** The list's filters live in the address (a link or Back keeps them): q, category, risk, sort, page. */
function readFilters(query: URLSearchParams): StrategyListQuery & { page: number } {
  const risk = query.get('risk');
  const sort = query.get('sort');
  const page = Number(query.get('page'));
  return {
    search: query.get('q')?.trim() || undefined,
    category: query.get('category') || undefined,
    risk: (STRATEGY_RISK_LEVELS as readonly string[]).includes(risk ?? '')
      ? (risk as Risk)
      : undefined,
    sort: (STRATEGY_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as StrategySort)
      : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: STRATEGY_PAGE_SIZE,
  };
}

/**
 * The Smart Autotrade dashboard (`/trading-bot`, public): the featured strategies as cards, then
 * tabs: every running strategy (search, category and risk filters, sort, pages; a table on
 * desktop, cards on phones), the member's favorites (hearts, logged-in members only) and the
 * historical (closed) strategies.
 */
export default function StrategyDashboardPage() {
  const { t } = useTranslation('autotrade');
  const loggedIn = useLoggedIn();
  const tabs: { value: DashboardTab; label: string; content: ReactNode }[] = [
    { value: 'all', label: t('dashboard.tab.all'), content: <AllStrategies loggedIn={loggedIn} /> },
    ...(loggedIn
      ? [
          {
            value: 'favorites' as const,
            label: t('dashboard.tab.favorites'),
            content: <FavoriteStrategies />,
          },
        ]
      : []),
    {
      value: 'history',
      label: t('dashboard.tab.history'),
      content: <HistoricalStrategies loggedIn={loggedIn} />,
    },
  ];
  return (
    <div className={styles.page} data-testid="autotrade-dashboard">
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <Featured loggedIn={loggedIn} />
      <QueryTabs<DashboardTab>
        label={t('dashboard.tabs')}
        defaultValue="all"
        testIdPrefix="autotrade"
        tabs={tabs}
      />
    </div>
  );
}

function Featured({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const featured = useFeaturedStrategies();
  return (
    <SectionCard title={t('dashboard.featured')} data-testid="autotrade-featured">
      {featured.isPending ? (
        <Skeleton lines={3} testId="autotrade-featured-loading" />
      ) : featured.isError ? (
        <LoadError
          message={errorText(featured.error)}
          onRetry={() => featured.refetch()}
          testId="autotrade-featured-error"
        />
      ) : featured.data.list.length === 0 ? (
        <EmptyState title={t('dashboard.featuredEmpty')} testId="autotrade-featured-empty" />
      ) : (
        <ul className={styles.grid}>
          {featured.data.list.map((strategy) => (
            <StrategyCard key={strategy.id} strategy={strategy} loggedIn={loggedIn} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function AllStrategies({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const [query, setQuery] = useSearchParams();
  const filters = readFilters(query);
  const [search, setSearch] = useState(filters.search ?? '');
  const list = useStrategyList(filters);
  const categories = useStrategyCategories();
  const columns = useStrategyColumns(loggedIn);

  /** Sets one filter (empty removes it) and goes back to page 1. */
  function update(name: string, value: string) {
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    update('q', search.trim());
  }

  return (
    <section className={styles.form} aria-label={t('dashboard.tab.all')}>
      <form className={styles.filters} role="search" onSubmit={submitSearch}>
        <TextField
          label={t('filter.search')}
          type="search"
          value={search}
          maxLength={60}
          onChange={(event) => setSearch(event.target.value)}
          onBlur={() => {
            if (search.trim() !== (filters.search ?? '')) update('q', search.trim());
          }}
          data-testid="autotrade-search"
        />
        <SelectField
          label={t('filter.category')}
          value={filters.category ?? ''}
          onChange={(event) => update('category', event.target.value)}
          options={[
            { value: '', label: t('filter.any') },
            ...(categories.data?.list ?? []).map(({ category, count }) => ({
              value: category,
              label: `${isKnownCategory(category) ? t(`category.${category}`) : category} (${count})`,
            })),
          ]}
          data-testid="autotrade-filter-category"
        />
        <SelectField
          label={t('filter.risk')}
          value={filters.risk ?? ''}
          onChange={(event) => update('risk', event.target.value)}
          options={[
            { value: '', label: t('filter.any') },
            ...STRATEGY_RISK_LEVELS.map((risk) => ({ value: risk, label: t(`risk.${risk}`) })),
          ]}
          data-testid="autotrade-filter-risk"
        />
        <SelectField
          label={t('filter.sort')}
          value={filters.sort ?? ''}
          onChange={(event) => update('sort', event.target.value)}
          options={[
            { value: '', label: t('sort.default') },
            ...STRATEGY_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) })),
          ]}
          data-testid="autotrade-sort"
        />
      </form>
      <DataTable
        label={t('dashboard.tab.all')}
        columns={columns}
        rows={list.data?.list}
        rowKey={(strategy) => strategy.id}
        rowTestId="autotrade-row"
        rowProps={(strategy) => ({ 'data-id': strategy.id, 'data-risk': strategy.riskLevel })}
        {...queryTableState(list, errorText)}
        empty={{ title: t('dashboard.empty'), text: t('dashboard.emptyText') }}
        pagination={
          list.data && list.data.total > list.data.pageSize
            ? {
                page: list.data.page,
                pageSize: list.data.pageSize,
                total: list.data.total,
                onPageChange: (page) => update('page', String(page)),
                label: t('dashboard.pages'),
                busy: list.isFetching,
                testIdPrefix: 'autotrade-page',
              }
            : undefined
        }
        testId="autotrade-list"
      />
    </section>
  );
}

function FavoriteStrategies() {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const favorites = useFavoriteStrategies(true);
  const columns = useStrategyColumns(true);
  return (
    <DataTable
      label={t('dashboard.tab.favorites')}
      columns={columns}
      rows={favorites.data?.list}
      rowKey={(strategy) => strategy.id}
      rowTestId="autotrade-favorite-row"
      rowProps={(strategy) => ({ 'data-id': strategy.id })}
      {...queryTableState(favorites, errorText)}
      empty={{ title: t('favorite.empty'), text: t('favorite.emptyText') }}
      testId="autotrade-favorites"
    />
  );
}

function HistoricalStrategies({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const [page, setPage] = useState(1);
  const history = useHistoricalStrategies(page);
  const columns = useStrategyColumns(loggedIn);
  return (
    <DataTable
      label={t('dashboard.tab.history')}
      columns={columns}
      rows={history.data?.list}
      rowKey={(strategy) => strategy.id}
      rowTestId="autotrade-history-row"
      rowProps={(strategy) => ({ 'data-id': strategy.id })}
      {...queryTableState(history, errorText)}
      empty={{ title: t('history.empty') }}
      pagination={
        history.data && history.data.total > history.data.pageSize
          ? {
              page: history.data.page,
              pageSize: history.data.pageSize,
              total: history.data.total,
              onPageChange: setPage,
              label: t('dashboard.pages'),
              busy: history.isFetching,
              testIdPrefix: 'autotrade-history-page',
            }
          : undefined
      }
      testId="autotrade-history"
    />
  );
}
