import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, queryTableState, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import type { EarnXSavingRecord } from '../../../shared/api/earn';
import { useEarnXSavingHistory, XSAVING_HISTORY_PAGE_SIZE } from '../api/use-earn-xsaving-history';
import { usePortfolioFormat } from '../components/portfolio/use-portfolio-format';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { formatPrice } from '../utils/amounts';
import styles from '../components/portfolio/portfolio.module.css';

/** A positive whole number from the query, or undefined (a bad value reads as none). */
function positiveInt(text: string | null): number | undefined {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/**
 * /x-saving-history (XSavingHistory, KYC-gated by the route's entry rule): the member's Smart DCA
 * conversions (premium2/XSavingHistory), newest first, 10 a page paged by the server (`?page=`;
 * past the end: the last page),
 * all subscriptions or one product's (`?premiumId=`, from a subscription's Smart DCA): the UTC+8
 * day, the subscription (opening its detail), the reward converted, the price, the amount bought
 * and its currency.
 */
export default function XSavingHistoryPage() {
  const { t, i18n } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const [search, setSearch] = useSearchParams();
  const premiumId = positiveInt(search.get('premiumId'));
  const page = positiveInt(search.get('page')) ?? 1;
  const query = useEarnXSavingHistory(premiumId, page);
  const list = query.data?.list;
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / XSAVING_HISTORY_PAGE_SIZE));
  // a page past the end (an old link, fewer conversions in the filter): the last page instead
  const pastTheEnd = query.data !== undefined && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('page', String(lastPage));
        return params;
      },
      { replace: true },
    );
  }, [pastTheEnd, lastPage, setSearch]);
  // a filter's product name: from its conversions (the server gives the name with each row)
  const filteredName = premiumId && list?.[0] ? format.name(list[0].name) : undefined;
  const portfolioHref = paths.MyStrategies.getHref(undefined, { tab: 'earn' });

  const columns: DataTableColumn<EarnXSavingRecord>[] = [
    {
      id: 'day',
      header: t('xsaving.date'),
      numeric: true,
      cell: (row) => format.day(`${row.day}T00:00:00+08:00`),
      cellProps: () => ({ 'data-testid': 'portfolio-xsaving-day' }),
    },
    {
      id: 'product',
      header: t('xsaving.product'),
      rowHeader: true,
      cell: (row) => (
        <span className={styles.product}>
          <Link
            to={paths.MyPremiumDetail.getHref({ sn: row.serialNumber })}
            className={styles.productLink}
            data-testid="portfolio-xsaving-link-sub"
          >
            {format.name(row.name)}
          </Link>
          <span className={styles.serial}>{row.serialNumber}</span>
        </span>
      ),
    },
    {
      id: 'converted',
      header: t('xsaving.converted'),
      numeric: true,
      align: 'end',
      cell: (row) => format.money(row.fromAmount, row.fromCurrency, 'reward'),
      cellProps: () => ({ 'data-testid': 'portfolio-xsaving-converted' }),
    },
    {
      id: 'price',
      header: t('xsaving.price'),
      numeric: true,
      align: 'end',
      cell: (row) =>
        t('dca.priceValue', {
          price: formatPrice(row.price, i18n.language),
          reward: row.fromCurrency,
          target: row.toCurrency,
        }),
      cellProps: () => ({ 'data-testid': 'portfolio-xsaving-price' }),
    },
    {
      id: 'bought',
      header: t('xsaving.bought'),
      numeric: true,
      align: 'end',
      // exactly what came in: the smallest conversion is a few atomic units
      cell: (row) => format.money(row.toAmount, row.toCurrency),
      cellProps: () => ({ 'data-testid': 'portfolio-xsaving-bought' }),
    },
    {
      id: 'currency',
      header: t('xsaving.currency'),
      cell: (row) => row.toCurrency,
      cellProps: () => ({ 'data-testid': 'portfolio-xsaving-currency' }),
    },
  ];

  return (
    <div className={styles.page} data-testid="portfolio-xsaving">
      <PageHeader
        title={t('xsaving.title')}
        description={t('xsaving.description')}
        breadcrumbs={[
          { label: t('page.title'), href: portfolioHref },
          { label: t('xsaving.title') },
        ]}
      />
      {premiumId ? (
        <p className={styles.more} data-testid="portfolio-xsaving-filter">
          {filteredName ? <span>{t('xsaving.filtered', { product: filteredName })}</span> : null}
          <Link to={paths.XSavingHistory.getHref()} data-testid="portfolio-xsaving-all">
            {t('xsaving.showAll')}
          </Link>
        </p>
      ) : null}
      <DataTable
        label={t('xsaving.title')}
        columns={columns}
        rows={list}
        rowKey={(row) => row.id}
        rowTestId="portfolio-xsaving-row"
        rowProps={(row) => ({ 'data-sn': row.serialNumber, 'data-currency': row.toCurrency })}
        {...queryTableState(query, (error) => errorText(error) ?? t('error.load'))}
        loading={query.isPending || pastTheEnd}
        empty={{
          title: t('xsaving.empty'),
          text: (
            <Link to={portfolioHref} data-testid="portfolio-xsaving-to-portfolio">
              {t('xsaving.emptyText')}
            </Link>
          ),
        }}
        pagination={{
          page,
          pageSize: XSAVING_HISTORY_PAGE_SIZE,
          total,
          onPageChange: (next) =>
            setSearch((current) => {
              const params = new URLSearchParams(current);
              params.set('page', String(next));
              return params;
            }),
          label: t('xsaving.pages'),
          testIdPrefix: 'portfolio-xsaving-page',
        }}
        testId="portfolio-xsaving"
      />
    </div>
  );
}
