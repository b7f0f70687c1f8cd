import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  queryTableState,
  type DataTableColumn,
} from '../../../../components/data-table';
import { paths } from '../../../../lib/paths';
import type { EarnSubscription } from '../../../../shared/api/earn';
import { useEarnFunds } from '../../api/use-earn-funds';
import { useEarnErrorText } from '../../hooks/use-earn-error-text';
import { SubscriptionStateBadge } from '../state-badge';
import { StatementDownload } from './statement-download';
import { PRODUCTS_TAB_OF, subscriptionsOfTab, type PortfolioEarnTab } from './portfolio-tabs';
import { usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

/** Everything not finished: raising, running, being cancelled or returned. */
const OPEN = { state: 'open' } as const;

/**
 * One earn tab of My Subscriptions (/portfolio?tab=earn|stable|mixed|flagship): the member's
 * open subscriptions of the tab's kinds from premium2/UserFunds (state, product, amount,
 * accumulated reward, term, next renewal), each opening its detail (MyPremiumDetail). A table on
 * desktop, label-value cards on phones; an empty tab points to the products; the finished
 * subscriptions are one click away (SubscriptionHistory), and so is the member's statement (CSV).
 */
export function EarnPortfolioPanel({ tab }: { tab: PortfolioEarnTab }) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const query = useEarnFunds(OPEN);
  const rows = query.data ? subscriptionsOfTab(query.data.list, tab) : undefined;

  const columns: DataTableColumn<EarnSubscription>[] = [
    {
      id: 'product',
      header: t('list.product'),
      rowHeader: true,
      cell: (sub) => (
        <span className={styles.product}>
          <Link
            to={paths.MyPremiumDetail.getHref({ sn: sub.serialNumber })}
            className={styles.productLink}
            data-testid="portfolio-sub-link"
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
      cellProps: () => ({ 'data-testid': 'portfolio-sub-state' }),
    },
    {
      id: 'amount',
      header: t('list.amount'),
      numeric: true,
      align: 'end',
      cell: (sub) => format.money(sub.investedAmount, sub.currency),
      cellProps: () => ({ 'data-testid': 'portfolio-sub-amount' }),
    },
    {
      id: 'reward',
      header: t('list.reward'),
      numeric: true,
      align: 'end',
      cell: (sub) => format.money(sub.accumulatedReward, sub.currency, 'reward'),
      cellProps: () => ({ 'data-testid': 'portfolio-sub-reward' }),
    },
    {
      id: 'term',
      header: t('list.term'),
      numeric: true,
      cell: (sub) => format.term(sub),
      cellProps: () => ({ 'data-testid': 'portfolio-sub-term' }),
    },
    {
      id: 'renewal',
      header: t('list.nextRenewal'),
      numeric: true,
      cell: (sub) =>
        sub.nextRenewalAt
          ? format.day(sub.nextRenewalAt)
          : sub.autoRenew && sub.state === 'raising'
            ? t('list.atExpiry')
            : t('list.noRenewal'),
      cellProps: () => ({ 'data-testid': 'portfolio-sub-renewal' }),
    },
  ];

  return (
    <div className={styles.panel} data-testid="portfolio-earn" data-tab={tab}>
      <DataTable
        label={t('list.label')}
        columns={columns}
        rows={rows}
        rowKey={(sub) => sub.id}
        rowTestId="portfolio-sub"
        rowProps={(sub) => ({ 'data-sn': sub.serialNumber, 'data-state': sub.state })}
        {...queryTableState(query, (error) => errorText(error) ?? t('error.load'))}
        empty={{
          title: t('list.empty'),
          text: (
            <Link
              to={paths.PremiumDashboard.getHref(undefined, { tab: PRODUCTS_TAB_OF[tab] })}
              data-testid="portfolio-empty-products"
            >
              {t('list.emptyLink')}
            </Link>
          ),
        }}
        testId="portfolio-subs"
      />
      <p className={styles.more}>
        <Link to={paths.SubscriptionHistory.getHref()} data-testid="portfolio-history-link">
          {t('list.historyLink')}
        </Link>
        <Link to={paths.XSavingHistory.getHref()} data-testid="portfolio-xsaving-link">
          {t('xsaving.link')}
        </Link>
      </p>
      <StatementDownload />
    </div>
  );
}
