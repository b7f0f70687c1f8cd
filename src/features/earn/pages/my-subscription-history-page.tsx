import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, queryTableState, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import type { EarnSubscription } from '../../../shared/api/earn';
import { useEarnFunds } from '../api/use-earn-funds';
import { SubscriptionStateBadge } from '../components/state-badge';
import { usePortfolioFormat } from '../components/portfolio/use-portfolio-format';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import styles from '../components/portfolio/portfolio.module.css';

const CLOSED = { state: 'closed' } as const;
export const SUBSCRIPTION_HISTORY_PAGE_SIZE = 10;

/** When a finished subscription closed: returned, redeemed, or its last expiry. */
function closedAt(sub: EarnSubscription): string | null {
  return sub.returnedAt ?? sub.redeemedAt ?? sub.expiryAt;
}

/**
 * /subscription-history (SubscriptionHistory, KYC-gated): the member's finished earn
 * subscriptions (premium2/UserFunds state=closed: ended, soft cap not met, cancelled or
 * redeemed), newest first, 10 a page (`?page=`): product, state, invested, rewards, term, when it
 * closed. Each opens its record with the movements (PremiumHistoryDetail). A link to the Smart
 * DCA conversions (XSavingHistory).
 */
export default function MySubscriptionHistoryPage() {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const [search, setSearch] = useSearchParams();
  const query = useEarnFunds(CLOSED);
  const list = query.data?.list;
  const total = list?.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / SUBSCRIPTION_HISTORY_PAGE_SIZE));
  const requested = Number(search.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, pages) : 1;
  const rows = list?.slice(
    (page - 1) * SUBSCRIPTION_HISTORY_PAGE_SIZE,
    page * SUBSCRIPTION_HISTORY_PAGE_SIZE,
  );

  const columns: DataTableColumn<EarnSubscription>[] = [
    {
      id: 'product',
      header: t('list.product'),
      rowHeader: true,
      cell: (sub) => (
        <span className={styles.product}>
          <Link
            to={paths.PremiumHistoryDetail.getHref({ sn: sub.serialNumber })}
            className={styles.productLink}
            data-testid="portfolio-history-link-sub"
          >
            {format.name(sub.name)}
          </Link>
          <span className={styles.serial}>{sub.serialNumber}</span>
        </span>
      ),
    },
    {
      id: 'state',
      header: t('list.state'),
      cell: (sub) => <SubscriptionStateBadge state={sub.state} />,
    },
    {
      id: 'amount',
      header: t('list.amount'),
      numeric: true,
      align: 'end',
      cell: (sub) => format.money(sub.investedAmount, sub.currency),
    },
    {
      id: 'reward',
      header: t('list.reward'),
      numeric: true,
      align: 'end',
      cell: (sub) => format.money(sub.accumulatedReward, sub.currency, 'reward'),
      cellProps: () => ({ 'data-testid': 'portfolio-history-reward' }),
    },
    { id: 'term', header: t('list.term'), numeric: true, cell: (sub) => format.term(sub) },
    {
      id: 'closed',
      header: t('history.closedAt'),
      numeric: true,
      cell: (sub) => {
        const at = closedAt(sub);
        return at ? format.day(at) : t('event.none');
      },
    },
  ];

  return (
    <div className={styles.page} data-testid="portfolio-history">
      <PageHeader
        title={t('history.title')}
        description={t('history.description')}
        breadcrumbs={[
          {
            label: t('page.title'),
            href: paths.MyStrategies.getHref(undefined, { tab: 'earn' }),
          },
          { label: t('history.title') },
        ]}
      />
      <DataTable
        label={t('history.title')}
        columns={columns}
        rows={rows}
        rowKey={(sub) => sub.id}
        rowTestId="portfolio-history-row"
        rowProps={(sub) => ({ 'data-sn': sub.serialNumber, 'data-state': sub.state })}
        {...queryTableState(query, (error) => errorText(error) ?? t('error.load'))}
        empty={{
          title: t('history.empty'),
          text: (
            <Link to={paths.MyStrategies.getHref(undefined, { tab: 'earn' })}>
              {t('history.toPortfolio')}
            </Link>
          ),
        }}
        pagination={{
          page,
          pageSize: SUBSCRIPTION_HISTORY_PAGE_SIZE,
          total,
          onPageChange: (next) =>
            setSearch((current) => {
              const params = new URLSearchParams(current);
              params.set('page', String(next));
              return params;
            }),
          label: t('history.pages'),
          testIdPrefix: 'portfolio-history-page',
        }}
        testId="portfolio-history"
      />
      <p className={styles.more}>
        <Link to={paths.XSavingHistory.getHref()} data-testid="portfolio-history-xsaving-link">
          {t('xsaving.link')}
        </Link>
      </p>
    </div>
  );
}
