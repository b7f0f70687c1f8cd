import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { DataTable, queryTableState } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type { OrderRecord, Portfolio } from '../../../shared/api/autotrade-strategies';
import {
  AUTOTRADE_LIVE_STATES,
  type AutotradeSubscription,
  type OperatorTxView,
  type StrategyFollowHistory,
  type StrategyReport,
} from '../../../shared/api/autotrade-subscriptions';
import {
  useMyStrategyHistory,
  useSubscriptionEquity,
  useSubscriptionFollowHistory,
  useSubscriptionOrders,
  useSubscriptionPortfolio,
  useSubscriptionProfitLoss,
  useSubscriptionReports,
} from '../api/use-member-strategies';
import { useStrategyDetail } from '../api/use-strategies';
import {
  useCheckSubscription,
  useStakeStrategy,
  useUnsubscribeInfo,
  useUnsubscribeStrategy,
} from '../api/use-subscribe';
import { LazyChainMarginDeposit } from '../components/lazy-chain-margin-deposit';
import { useStrategyName } from '../components/strategy-bits';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import {
  baseOf,
  formatDateTime,
  formatPercent,
  formatPrice,
  formatSignedAmount,
  formatSignedPercent,
  formatTradeAmount,
  isNegativeText,
  positiveAmountText,
  quoteOf,
} from '../utils/format';
import { PerformanceCharts } from '../components/performance-charts';
import styles from '../components/autotrade.module.css';

/**
 * MyStrategiesDetail (`/portfolio/autotrade/{id}`, the subscription's id): the member's own
 * account under the strategy (Portfolio: cash, position, equity, profit), its margin with the
 * low-margin banner, auto top-up and Add margin (custodial), the PnL / equity / drawdown charts
 * of the member's account, the mirrored orders, the monthly reports, the margin movements, and
 * Unsubscribe with its summary (fee due now, margin returned) and a confirmation.
 */
export default function MyStrategyDetailPage() {
  const { t } = useTranslation('autotrade');
  const id = Number(useParams().id);
  const errorText = useAutotradeErrorText();
  const portfolio = useSubscriptionPortfolio(id);
  const strategyId = portfolio.data?.strategyId ?? 0;
  const detail = useStrategyDetail(strategyId);
  const check = useCheckSubscription(strategyId, strategyId > 0);
  const history = useMyStrategyHistory(true, id);
  const nameOf = useStrategyName();
  const [ended, setEnded] = useState<AutotradeSubscription | null>(null);

  if (portfolio.isError) {
    return (
      <div className={styles.page} data-testid="autotrade-my" data-state="error">
        <LoadError
          message={errorText(portfolio.error)}
          onRetry={() => portfolio.refetch()}
          testId="autotrade-my-error"
        />
        <ButtonLink
          to={paths.MyStrategies.getHref(undefined, { tab: 'autotrade' })}
          variant="secondary"
        >
          {t('my.back')}
        </ButtonLink>
      </div>
    );
  }
  const live = check.data?.subscription?.id === id ? check.data.subscription : null;
  const past = history.data?.list.find((item) => item.subscription.id === id)?.subscription;
  const subscription = live ?? past ?? null;
  if (!portfolio.data || !detail.data || check.isPending || history.isPending) {
    return (
      <div className={styles.page} data-testid="autotrade-my" data-state="loading">
        <Skeleton lines={8} testId="autotrade-my-loading" />
      </div>
    );
  }
  const name = nameOf(detail.data);
  // the subscription (read again while it waits for an on-chain margin) is the fresher state
  const state = subscription?.state ?? portfolio.data.state;
  return (
    <div className={styles.page} data-testid="autotrade-my" data-state={state} data-id={id}>
      <PageHeader
        title={name}
        description={t('my.description', { id, state: t(`state.${state}`) })}
        breadcrumbs={[
          {
            label: t('my.portfolio'),
            href: paths.MyStrategies.getHref(undefined, { tab: 'autotrade' }),
          },
          { label: name },
        ]}
        actions={
          <ButtonLink
            to={paths.StrategyDetail.getHref({ id: String(strategyId) })}
            variant="secondary"
            data-testid="autotrade-my-strategy-link"
          >
            {t('my.strategyPage')}
          </ButtonLink>
        }
      />
      {ended ? (
        <Notice tone="success" testId="autotrade-unsubscribe-done">
          {t('unsubscribe.done')}
        </Notice>
      ) : null}
      {subscription?.marginWarning && !ended ? (
        <Notice tone="warning" testId="autotrade-my-margin-warning">
          {t('my.marginWarning', {
            margin: `${formatTradeAmount(subscription.margin, subscription.marginCurrency)} ${subscription.marginCurrency}`,
            required: `${formatTradeAmount(subscription.requiredMargin, subscription.marginCurrency)} ${subscription.marginCurrency}`,
          })}
        </Notice>
      ) : null}
      {state === 'paused' ? (
        <Notice tone="warning" testId="autotrade-my-paused">
          {t('my.paused')}
        </Notice>
      ) : null}
      {state === 'pending_margin' ? (
        <Notice tone="info" testId="autotrade-my-pending">
          {t('my.pendingMargin')}
        </Notice>
      ) : null}
      <AccountFacts portfolio={portfolio.data} />
      {subscription ? <MarginCard subscription={subscription} /> : null}
      <SectionCard title={t('my.performance')} data-testid="autotrade-my-performance">
        <MyCharts subscriptionId={id} quote={quoteOf(portfolio.data.symbol)} />
      </SectionCard>
      <Orders subscriptionId={id} symbol={portfolio.data.symbol} />
      <Reports subscriptionId={id} />
      <Movements subscriptionId={id} />
      {subscription && AUTOTRADE_LIVE_STATES.includes(subscription.state) && !ended ? (
        <Unsubscribe subscription={subscription} onDone={setEnded} />
      ) : null}
    </div>
  );
}

function AccountFacts({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation('autotrade');
  const quote = quoteOf(portfolio.symbol);
  const base = baseOf(portfolio.symbol);
  const money = (text: string) => `${formatTradeAmount(text, quote)} ${quote}`;
  return (
    <SectionCard title={t('my.account')} data-testid="autotrade-my-account">
      <dl className={styles.facts}>
        <div data-testid="autotrade-my-allocation">
          <dt>{t('subscribe.allocation')}</dt>
          <dd>{money(portfolio.allocation)}</dd>
        </div>
        <div data-testid="autotrade-my-equity">
          <dt>{t('mine.equity')}</dt>
          <dd>{money(portfolio.equity)}</dd>
        </div>
        <div data-testid="autotrade-my-pnl">
          <dt>{t('mine.pnl')}</dt>
          <dd className={isNegativeText(portfolio.pnl) ? styles.negative : styles.positive}>
            {formatSignedAmount(portfolio.pnl, quote)} {quote} (
            {formatSignedPercent(portfolio.pnlRate)})
          </dd>
        </div>
        <div data-testid="autotrade-my-cash">
          <dt>{t('my.cash')}</dt>
          <dd>{money(portfolio.cash)}</dd>
        </div>
        <div data-testid="autotrade-my-position">
          <dt>{t('my.position')}</dt>
          <dd>
            {formatTradeAmount(portfolio.position, base)} {base} ({money(portfolio.positionValue)})
          </dd>
        </div>
        <div>
          <dt>{t('my.price')}</dt>
          <dd>{formatPrice(portfolio.price)}</dd>
        </div>
        <div data-testid="autotrade-my-fees">
          <dt>{t('my.feesPaid')}</dt>
          <dd>{money(portfolio.feesPaid)}</dd>
        </div>
        <div>
          <dt>{t('my.openedAt')}</dt>
          <dd>{portfolio.openedAt ? formatDateTime(portfolio.openedAt) : '-'}</dd>
        </div>
      </dl>
    </SectionCard>
  );
}

/**
 * The platform's last MarginVault transaction for an on-chain margin: the fee settled with the
 * rest returned, or the margin released to the member's wallet, with its progress and hash.
 */
function OperatorTxFact({ tx, currency }: { tx: OperatorTxView; currency: string }) {
  const { t } = useTranslation('autotrade');
  return (
    <div data-testid="autotrade-my-operator-tx" data-state={tx.state} data-kind={tx.kind}>
      <dt>{t(`my.operatorTx.${tx.kind}`)}</dt>
      <dd>
        {formatTradeAmount(tx.amount, currency)} {currency}
        {tx.kind === 'settle'
          ? ` (${t('my.operatorTx.fee', { fee: `${formatTradeAmount(tx.performanceFee, currency)} ${currency}` })})`
          : null}
        {' · '}
        <span data-testid="autotrade-my-operator-tx-state">
          {t(`my.operatorTx.state.${tx.state}`)}
        </span>
        {tx.txHash ? (
          <>
            {' · '}
            <code className={styles.hash} title={tx.txHash}>
              {`${tx.txHash.slice(0, 10)}…${tx.txHash.slice(-8)}`}
            </code>
          </>
        ) : null}
      </dd>
    </div>
  );
}

function MarginCard({ subscription }: { subscription: AutotradeSubscription }) {
  const { t } = useTranslation('autotrade');
  const currency = subscription.marginCurrency;
  const stake = useStakeStrategy();
  const [amount, setAmount] = useState('');
  const live = AUTOTRADE_LIVE_STATES.includes(subscription.state);
  const custodial = subscription.marginSource === 'custodial';
  const amountText = positiveAmountText(amount, currency === 'BCNT' ? 18 : 6);
  const due =
    live && !custodial && subscription.deposit && BigInt(subscription.deposit.amount) > 0n
      ? subscription.deposit
      : null;
  // Once shown, the wallet deposit card stays for the rest of the visit. The platform may
  // activate the subscription (the indexer needs one confirmation on the local chain, and this
  // page reads the subscription every 5 s) before the card has seen its own receipt (read every
  // 4 s when the first look came too early): removing the card then dropped the transaction it
  // was following, which never showed Done.
  const [shownDeposit, setShownDeposit] = useState(due);
  if (due && due !== shownDeposit) setShownDeposit(due);
  const chainDeposit = due ?? (live && !custodial ? shownDeposit : null);
  return (
    <SectionCard title={t('my.margin')} data-testid="autotrade-my-margin">
      <dl className={styles.facts}>
        <div data-testid="autotrade-my-margin-amount">
          <dt>{t('my.marginNow')}</dt>
          <dd>
            {formatTradeAmount(subscription.margin, currency)} {currency}
          </dd>
        </div>
        <div>
          <dt>{t('my.marginRequired')}</dt>
          <dd>
            {formatTradeAmount(subscription.requiredMargin, currency)} {currency}
          </dd>
        </div>
        <div>
          <dt>{t('subscribe.source')}</dt>
          <dd>{custodial ? t('subscribe.sourceCustodial') : t('my.sourceChain')}</dd>
        </div>
        <div>
          <dt>{t('my.highWaterMark')}</dt>
          <dd>
            {formatTradeAmount(subscription.highWaterMark, subscription.quoteCurrency)}{' '}
            {subscription.quoteCurrency}
          </dd>
        </div>
        {!custodial && subscription.operatorTx ? (
          <OperatorTxFact tx={subscription.operatorTx} currency={currency} />
        ) : null}
      </dl>
      {live && custodial ? (
        <>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={subscription.autoTopUp}
              disabled={stake.isPending}
              onChange={(event) => {
                stake.newAction();
                void stake
                  .run({ id: subscription.id, autoTopUp: event.target.checked })
                  .catch(() => undefined);
              }}
              data-testid="autotrade-my-auto-top-up"
            />
            <span>{t('subscribe.autoTopUp')}</span>
          </label>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              if (!amountText) return;
              void stake
                .run({ id: subscription.id, amount: amountText })
                .then(() => setAmount(''))
                .catch(() => undefined);
            }}
          >
            <AmountField
              label={t('my.addMargin')}
              value={amount}
              onChange={(text) => {
                setAmount(text);
                stake.newAction();
              }}
              currency={currency}
              decimals={currency === 'BCNT' ? 18 : 6}
              testId="autotrade-my-add-amount"
              maxTestId="autotrade-my-add-max"
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                variant="secondary"
                busy={stake.isPending}
                disabled={!amountText}
                data-testid="autotrade-my-add"
              >
                {t('my.addMarginButton')}
              </Button>
            </div>
          </form>
          {stake.state === 'error' ? (
            <p className={styles.error} role="alert" data-testid="autotrade-my-margin-error">
              {stake.errorText}
            </p>
          ) : stake.state === 'done' ? (
            <Notice tone="success" testId="autotrade-my-margin-done">
              {t('my.marginSaved')}
            </Notice>
          ) : null}
        </>
      ) : chainDeposit ? (
        <LazyChainMarginDeposit
          subscriptionId={subscription.id}
          currency={currency}
          deposit={chainDeposit}
          due={due !== null}
          decimals={currency === 'BCNT' ? 18 : 6}
        />
      ) : live ? (
        <p className={styles.muted}>{t('my.chainMarginNote')}</p>
      ) : null}
    </SectionCard>
  );
}

function MyCharts({ subscriptionId, quote }: { subscriptionId: number; quote: string }) {
  const profitLoss = useSubscriptionProfitLoss(subscriptionId);
  const equity = useSubscriptionEquity(subscriptionId);
  return (
    <PerformanceCharts
      profitLoss={profitLoss}
      equity={equity}
      quote={quote}
      testIdPrefix="autotrade-my"
    />
  );
}

function Orders({ subscriptionId, symbol }: { subscriptionId: number; symbol: string }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const [page, setPage] = useState(1);
  const orders = useSubscriptionOrders(subscriptionId, page);
  const base = baseOf(symbol);
  return (
    <SectionCard title={t('orders.title')} data-testid="autotrade-my-orders">
      <DataTable<OrderRecord>
        label={t('orders.title')}
        columns={[
          {
            id: 'no',
            header: t('orders.orderNo'),
            rowHeader: true,
            cell: (order) => order.orderNo,
          },
          {
            id: 'signal',
            header: t('orders.signalNo'),
            cell: (order) => order.signalNo ?? '-',
            hideOnPhone: true,
          },
          { id: 'date', header: t('orders.date'), cell: (order) => formatDateTime(order.date) },
          {
            id: 'type',
            header: t('orders.type'),
            cell: (order) =>
              `${order.side ? t(`side.${order.side}`) : ''} ${order.type} · ${t(`purpose.${order.purpose}`)}`,
          },
          {
            id: 'status',
            header: t('orders.status'),
            cell: (order) => (
              <span data-testid="autotrade-order-status" title={order.reason ?? undefined}>
                {t(`orderStatus.${order.status}`)}
              </span>
            ),
          },
          {
            id: 'leverage',
            header: t('field.leverage'),
            cell: (order) => `${order.leverage}x`,
            hideOnPhone: true,
          },
          {
            id: 'price',
            header: t('trades.price'),
            numeric: true,
            align: 'end',
            cell: (order) => formatPrice(order.price),
          },
          {
            id: 'unit',
            header: t('orders.unit'),
            numeric: true,
            align: 'end',
            cell: (order) =>
              order.unit === null ? '-' : `${formatTradeAmount(order.unit, base)} ${base}`,
          },
          {
            id: 'filled',
            header: t('orders.filled'),
            numeric: true,
            align: 'end',
            cell: (order) => `${formatTradeAmount(order.filled, base)} ${base}`,
          },
        ]}
        rows={orders.data?.list}
        rowKey={(order) => order.orderNo}
        rowTestId="autotrade-order"
        rowProps={(order) => ({ 'data-status': order.status, 'data-purpose': order.purpose })}
        {...queryTableState(orders, errorText)}
        empty={{ title: t('orders.empty') }}
        pagination={
          orders.data && orders.data.total > orders.data.pageSize
            ? {
                page: orders.data.page,
                pageSize: orders.data.pageSize,
                total: orders.data.total,
                onPageChange: setPage,
                label: t('orders.pages'),
                busy: orders.isFetching,
                testIdPrefix: 'autotrade-orders-page',
              }
            : undefined
        }
        testId="autotrade-orders"
      />
    </SectionCard>
  );
}

type Report = StrategyReport['list'][number];

function Reports({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const reports = useSubscriptionReports(subscriptionId);
  return (
    <SectionCard
      title={t('reports.title')}
      description={t('reports.description')}
      data-testid="autotrade-my-reports"
    >
      <DataTable<Report>
        label={t('reports.title')}
        columns={[
          {
            id: 'month',
            header: t('reports.month'),
            rowHeader: true,
            cell: (row) => row.month.replace('-', '/'),
          },
          {
            id: 'equity',
            header: t('reports.equity'),
            numeric: true,
            align: 'end',
            cell: (row) =>
              `${formatTradeAmount(row.startEquity, row.quoteCurrency)} → ${formatTradeAmount(row.endEquity, row.quoteCurrency)} ${row.quoteCurrency}`,
          },
          {
            id: 'pnl',
            header: t('mine.pnl'),
            numeric: true,
            align: 'end',
            cell: (row) => `${formatSignedAmount(row.pnl, row.quoteCurrency)} ${row.quoteCurrency}`,
          },
          {
            id: 'trades',
            header: t('reports.trades'),
            numeric: true,
            align: 'end',
            cell: (row) => row.trades,
          },
          {
            id: 'fee',
            header: t('field.performanceFee'),
            numeric: true,
            align: 'end',
            cell: (row) =>
              `${formatTradeAmount(row.fee, row.marginCurrency)} ${row.marginCurrency}`,
          },
        ]}
        rows={reports.data?.list}
        rowKey={(row) => row.month}
        rowTestId="autotrade-report"
        {...queryTableState(reports, errorText)}
        empty={{ title: t('reports.empty') }}
        testId="autotrade-reports"
      />
    </SectionCard>
  );
}

type Movement = StrategyFollowHistory['movements'][number];

function Movements({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const follow = useSubscriptionFollowHistory(subscriptionId);
  const currency = follow.data?.marginCurrency ?? 'USDT';
  return (
    <SectionCard title={t('movements.title')} data-testid="autotrade-my-movements">
      <DataTable<Movement>
        label={t('movements.title')}
        columns={[
          {
            id: 'time',
            header: t('trades.time'),
            rowHeader: true,
            cell: (row) => formatDateTime(row.time),
          },
          { id: 'kind', header: t('movements.kind'), cell: (row) => t(`movement.${row.kind}`) },
          {
            id: 'amount',
            header: t('trades.amount'),
            numeric: true,
            align: 'end',
            cell: (row) => `${formatSignedAmount(row.amount, currency)} ${currency}`,
          },
        ]}
        rows={follow.data?.movements}
        rowKey={(row, index) => `${row.time}-${index}`}
        rowTestId="autotrade-movement"
        rowProps={(row) => ({ 'data-kind': row.kind })}
        {...queryTableState(follow, errorText)}
        empty={{ title: t('movements.empty') }}
        testId="autotrade-movements"
      />
    </SectionCard>
  );
}

function Unsubscribe({
  subscription,
  onDone,
}: {
  subscription: AutotradeSubscription;
  /** The ended subscription (the page says so: this card goes with the live state). */
  onDone: (ended: AutotradeSubscription) => void;
}) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const [open, setOpen] = useState(false);
  const info = useUnsubscribeInfo(subscription.id, open);
  const unsubscribe = useUnsubscribeStrategy();
  const currency = subscription.marginCurrency;
  return (
    <SectionCard title={t('unsubscribe.title')} data-testid="autotrade-my-unsubscribe">
      <p className={styles.muted}>{t('unsubscribe.text')}</p>
      <div className={styles.actions}>
        <Button
          variant="danger"
          onClick={() => setOpen(true)}
          data-testid="autotrade-unsubscribe-open"
        >
          {t('unsubscribe.open')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!unsubscribe.isPending) setOpen(next);
        }}
        title={t('unsubscribe.title')}
        description={t('unsubscribe.confirmText')}
        data-testid="autotrade-unsubscribe-dialog"
      >
        {info.isPending ? (
          <Skeleton lines={4} testId="autotrade-unsubscribe-loading" />
        ) : info.isError ? (
          <LoadError
            message={errorText(info.error)}
            onRetry={() => info.refetch()}
            testId="autotrade-unsubscribe-info-error"
          />
        ) : (
          <>
            <dl className={styles.summary}>
              <dt>{t('unsubscribe.equity')}</dt>
              <dd>
                {formatTradeAmount(info.data.equity, info.data.quoteCurrency)}{' '}
                {info.data.quoteCurrency}
              </dd>
              <dt>{t('my.highWaterMark')}</dt>
              <dd>
                {formatTradeAmount(info.data.highWaterMark, info.data.quoteCurrency)}{' '}
                {info.data.quoteCurrency}
              </dd>
              <dt>{t('unsubscribe.profit')}</dt>
              <dd>
                {formatTradeAmount(info.data.profit, info.data.quoteCurrency)}{' '}
                {info.data.quoteCurrency}
              </dd>
              <dt>{t('field.performanceFee')}</dt>
              <dd>
                {formatPercent(info.data.performanceFeeBps / 100)}
                {info.data.discountBps > 0
                  ? ` ${t('unsubscribe.discount', { value: formatPercent(info.data.discountBps / 100) })}`
                  : ''}
              </dd>
              <dt>{t('unsubscribe.feeDue')}</dt>
              <dd data-testid="autotrade-unsubscribe-fee">
                {formatTradeAmount(info.data.feeDue, currency)} {currency}
              </dd>
              <dt>{t('unsubscribe.marginReturned')}</dt>
              <dd data-testid="autotrade-unsubscribe-returned">
                {formatTradeAmount(info.data.marginReturned, currency)} {currency}
              </dd>
            </dl>
            <p className={styles.muted}>
              {info.data.marginSource === 'custodial'
                ? t('unsubscribe.toWallet')
                : t('unsubscribe.toChainWallet')}
            </p>
            {unsubscribe.state === 'error' ? (
              <p className={styles.error} role="alert" data-testid="autotrade-unsubscribe-error">
                {unsubscribe.errorText}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                disabled={unsubscribe.isPending}
                onClick={() => setOpen(false)}
              >
                {t('unsubscribe.keep')}
              </Button>
              <Button
                variant="danger"
                busy={unsubscribe.isPending}
                onClick={() =>
                  unsubscribe
                    .run(subscription.id)
                    .then((ended) => {
                      setOpen(false);
                      onDone(ended);
                    })
                    .catch(() => undefined)
                }
                data-testid="autotrade-unsubscribe-confirm"
              >
                {t('unsubscribe.confirm')}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </SectionCard>
  );
}
