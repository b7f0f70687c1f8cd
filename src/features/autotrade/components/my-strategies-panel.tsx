import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { DataTable, queryTableState } from '../../../components/data-table';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type { UserDashboardStrategyList } from '../../../shared/api/autotrade-strategies';
import type { StrategyHistory } from '../../../shared/api/autotrade-subscriptions';
import {
  useAssetUnderManagement,
  useMyStrategies,
  useMyStrategyHistory,
} from '../api/use-member-strategies';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import {
  formatDate,
  formatSignedAmount,
  formatSignedPercent,
  formatTradeAmount,
  isNegativeText,
  quoteOf,
} from '../utils/format';
import { useStrategyName } from './strategy-bits';
import styles from './autotrade.module.css';

type Live = UserDashboardStrategyList['list'][number];
type Past = StrategyHistory['list'][number];

/**
 * The Smart Autotrade tab of My Subscriptions (`/portfolio?tab=autotrade`): assets under
 * management, the live subscriptions (state, allocation, equity, profit) each opening its
 * detail, and the ended ones with the fees paid and the margin returned.
 */
export function MyStrategiesPanel() {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const nameOf = useStrategyName();
  const mine = useMyStrategies();
  const history = useMyStrategyHistory();
  const aum = useAssetUnderManagement();

  return (
    <div className={styles.form} data-testid="autotrade-mine">
      <SectionCard title={t('mine.aum')} data-testid="autotrade-aum">
        {aum.isPending ? (
          <Skeleton lines={1} testId="autotrade-aum-loading" />
        ) : aum.isError ? (
          <LoadError
            message={errorText(aum.error)}
            onRetry={() => aum.refetch()}
            testId="autotrade-aum-error"
          />
        ) : (
          <dl className={styles.facts}>
            <div>
              <dt>{t('mine.subscriptions')}</dt>
              <dd data-testid="autotrade-aum-count">{aum.data.subscriptions}</dd>
            </div>
            {aum.data.byQuote.map((row) => (
              <div key={row.currency} data-testid="autotrade-aum-equity">
                <dt>{t('mine.equityIn', { currency: row.currency })}</dt>
                <dd>
                  {formatTradeAmount(row.equity, row.currency)} {row.currency}
                </dd>
              </div>
            ))}
            {aum.data.margins.map((row) => (
              <div key={row.currency} data-testid="autotrade-aum-margin">
                <dt>{t('mine.marginIn', { currency: row.currency })}</dt>
                <dd>
                  {formatTradeAmount(row.amount, row.currency)} {row.currency}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </SectionCard>
      <DataTable<Live>
        label={t('mine.live')}
        columns={[
          {
            id: 'strategy',
            header: t('field.strategy'),
            rowHeader: true,
            cell: ({ portfolio, strategy }) => (
              <Link
                className={styles.link}
                to={paths.MyStrategiesDetail.getHref({ id: String(portfolio.subscriptionId) })}
                data-testid="autotrade-mine-link"
              >
                {nameOf(strategy)}
              </Link>
            ),
          },
          {
            id: 'state',
            header: t('mine.state'),
            cell: ({ portfolio }) => (
              <span data-testid="autotrade-mine-state">{t(`state.${portfolio.state}`)}</span>
            ),
          },
          {
            id: 'allocation',
            header: t('subscribe.allocation'),
            numeric: true,
            align: 'end',
            cell: ({ portfolio, strategy }) =>
              `${formatTradeAmount(portfolio.allocation, quoteOf(strategy.symbol))} ${quoteOf(strategy.symbol)}`,
          },
          {
            id: 'equity',
            header: t('mine.equity'),
            numeric: true,
            align: 'end',
            cell: ({ portfolio }) => formatTradeAmount(portfolio.equity, 'USDT'),
          },
          {
            id: 'pnl',
            header: t('mine.pnl'),
            numeric: true,
            align: 'end',
            cell: ({ portfolio }) => (
              <span
                className={isNegativeText(portfolio.pnl) ? styles.negative : styles.positive}
                data-testid="autotrade-mine-pnl"
              >
                {formatSignedAmount(portfolio.pnl, 'USDT')} (
                {formatSignedPercent(portfolio.pnlRate)})
              </span>
            ),
          },
        ]}
        rows={mine.data?.list}
        rowKey={({ portfolio }) => portfolio.subscriptionId}
        rowTestId="autotrade-mine-row"
        rowProps={({ portfolio }) => ({
          'data-id': portfolio.subscriptionId,
          'data-state': portfolio.state,
        })}
        {...queryTableState(mine, errorText)}
        empty={{
          title: t('mine.empty'),
          text: (
            <ButtonLink to={paths.StrategyDashboard.getHref()} data-testid="autotrade-mine-browse">
              {t('mine.browse')}
            </ButtonLink>
          ),
        }}
        testId="autotrade-mine-list"
      />
      <SectionCard title={t('mine.history')} data-testid="autotrade-mine-history">
        <DataTable<Past>
          label={t('mine.history')}
          columns={[
            {
              id: 'subscription',
              header: t('mine.subscription'),
              rowHeader: true,
              cell: ({ subscription }) => (
                <Link
                  className={styles.link}
                  to={paths.MyStrategiesDetail.getHref({ id: String(subscription.id) })}
                >
                  {t('mine.subscriptionNo', { id: subscription.id })}
                </Link>
              ),
            },
            {
              id: 'state',
              header: t('mine.state'),
              cell: ({ subscription }) => t(`state.${subscription.state}`),
            },
            {
              id: 'ended',
              header: t('mine.endedAt'),
              cell: ({ subscription }) =>
                subscription.endedAt ? formatDate(subscription.endedAt) : '-',
            },
            {
              id: 'fees',
              header: t('mine.feesPaid'),
              numeric: true,
              align: 'end',
              cell: ({ subscription, feesPaid }) =>
                `${formatTradeAmount(feesPaid, subscription.marginCurrency)} ${subscription.marginCurrency}`,
            },
            {
              id: 'returned',
              header: t('mine.marginReturned'),
              numeric: true,
              align: 'end',
              cell: ({ subscription, marginReturned }) =>
                `${formatTradeAmount(marginReturned, subscription.marginCurrency)} ${subscription.marginCurrency}`,
            },
          ]}
          rows={history.data?.list}
          rowKey={({ subscription }) => subscription.id}
          rowTestId="autotrade-mine-past"
          {...queryTableState(history, errorText)}
          empty={{ title: t('mine.historyEmpty') }}
          testId="autotrade-mine-past"
        />
      </SectionCard>
    </div>
  );
}
