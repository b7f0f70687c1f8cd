import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { DataTable, queryTableState } from '../../../components/data-table';
import { KycGatePrompt } from '../../../components/kyc-gate-prompt';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import type { StrategyDetail, TradingRecord } from '../../../shared/api/autotrade-strategies';
import {
  useStrategyDetail,
  useStrategyEquity,
  useStrategyProfitLoss,
  useStrategyRecentTrades,
} from '../api/use-strategies';
import { useCheckSubscription } from '../api/use-subscribe';
import { StrategyReviews } from '../components/strategy-reviews';
import { PerformanceCharts } from '../components/performance-charts';
import {
  CategoryBadge,
  FavoriteButton,
  ReturnText,
  RiskBadge,
  useStrategyName,
} from '../components/strategy-bits';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import {
  baseOf,
  formatDateTime,
  formatPercent,
  formatPrice,
  formatTradeAmount,
  localized,
} from '../utils/format';
import styles from '../components/autotrade.module.css';

/**
 * StrategyDetail (`/trading-bot/{id}`, public): the strategy's figures (spec section 3), its
 * profit-loss, equity and drawdown charts, the 10 latest trades from 3 days ago, reviews with
 * "Rate this product" for a subscriber, and the Subscribe action: a visitor goes to Login (and
 * comes back here), a member without identity verification gets the KYC prompt, a member who
 * already follows it gets a link to the subscription.
 */
export default function StrategyDetailPage() {
  const { t } = useTranslation('autotrade');
  const id = Number(useParams().id);
  const detail = useStrategyDetail(id);
  const errorText = useAutotradeErrorText();
  const nameOf = useStrategyName();
  const loggedIn = useLoggedIn();

  if (detail.isPending) {
    return (
      <div className={styles.page} data-testid="autotrade-detail" data-state="loading">
        <Skeleton lines={6} testId="autotrade-detail-loading" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className={styles.page} data-testid="autotrade-detail" data-state="error">
        <LoadError
          message={errorText(detail.error)}
          onRetry={() => detail.refetch()}
          testId="autotrade-detail-error"
        />
        <ButtonLink to={paths.StrategyDashboard.getHref()} variant="secondary">
          {t('detail.backToDashboard')}
        </ButtonLink>
      </div>
    );
  }
  const strategy = detail.data;
  const name = nameOf(strategy);
  return (
    <div
      className={styles.page}
      data-testid="autotrade-detail"
      data-state={strategy.status}
      data-id={strategy.id}
    >
      <PageHeader
        title={name}
        description={t('strategy.byTrader', { trader: strategy.trader })}
        breadcrumbs={[
          { label: t('dashboard.title'), href: paths.StrategyDashboard.getHref() },
          { label: name },
        ]}
        actions={<FavoriteButton strategy={strategy} loggedIn={loggedIn} />}
      />
      <SubscribeAction strategy={strategy} loggedIn={loggedIn} />
      <Facts strategy={strategy} />
      <Charts strategy={strategy} />
      <RecentTrades strategy={strategy} />
      <StrategyReviews strategyId={strategy.id} loggedIn={loggedIn} />
    </div>
  );
}

function SubscribeAction({ strategy, loggedIn }: { strategy: StrategyDetail; loggedIn: boolean }) {
  const { t, i18n } = useTranslation('autotrade');
  const kyc = useKycVerified({ enabled: loggedIn });
  const check = useCheckSubscription(strategy.id, loggedIn && kyc.verified === true);
  const [gateOpen, setGateOpen] = useState(false);
  const errorText = useAutotradeErrorText();

  let body;
  if (strategy.status === 'closed') {
    body = (
      <Notice tone="info" testId="autotrade-subscribe-closed">
        {t('detail.closed', { date: strategy.closedAt ? formatDateTime(strategy.closedAt) : '' })}
      </Notice>
    );
  } else if (!loggedIn) {
    body = (
      <div className={styles.actions}>
        <ButtonLink to={paths.Login.getHref()} data-testid="autotrade-subscribe-login">
          {t('detail.loginToSubscribe')}
        </ButtonLink>
        <ButtonLink
          to={paths.Register.getHref()}
          variant="secondary"
          data-testid="autotrade-subscribe-signup"
        >
          {t('detail.signUp')}
        </ButtonLink>
      </div>
    );
  } else if (kyc.isPending) {
    body = <Skeleton lines={1} testId="autotrade-subscribe-loading" />;
  } else if (kyc.verified !== true) {
    body = (
      <>
        <Button onClick={() => setGateOpen(true)} data-testid="autotrade-subscribe-open">
          {t('detail.subscribe')}
        </Button>
        <KycGatePrompt open={gateOpen} onOpenChange={setGateOpen} action="subscribe" />
      </>
    );
  } else if (check.isPending) {
    body = <Skeleton lines={1} testId="autotrade-subscribe-loading" />;
  } else if (check.isError) {
    body = (
      <LoadError
        message={errorText(check.error)}
        onRetry={() => check.refetch()}
        testId="autotrade-subscribe-error"
      />
    );
  } else if (check.data.subscription) {
    const subscription = check.data.subscription;
    body = (
      <div className={styles.actions}>
        <p
          className={styles.lead}
          data-testid="autotrade-subscribed"
          data-state={subscription.state}
        >
          {t('detail.subscribed', { state: t(`state.${subscription.state}`) })}
        </p>
        <ButtonLink
          to={paths.MyStrategiesDetail.getHref({ id: String(subscription.id) })}
          data-testid="autotrade-subscription-link"
        >
          {t('detail.manage')}
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <ButtonLink
        to={paths.SubscribeStrategy.getHref({ id: String(strategy.id) })}
        data-testid="autotrade-subscribe-open"
      >
        {t('detail.subscribe')}
      </ButtonLink>
    );
  }
  return (
    <SectionCard data-testid="autotrade-subscribe">
      <p className={styles.lead}>{localized(strategy.description, i18n.language)}</p>
      <div className={styles.badges}>
        <RiskBadge risk={strategy.riskLevel} testId="autotrade-detail-risk" />
        <CategoryBadge category={strategy.category} />
        <span className={styles.badge}>{strategy.exchange}</span>
        <span className={styles.badge}>{strategy.symbol}</span>
      </div>
      {body}
    </SectionCard>
  );
}

function Facts({ strategy }: { strategy: StrategyDetail }) {
  const { t } = useTranslation('autotrade');
  const quote = strategy.quote;
  const facts: { id: string; label: string; value: ReactNode }[] = [
    { id: 'exchange', label: t('field.exchange'), value: strategy.exchange },
    { id: 'symbol', label: t('field.symbol'), value: strategy.symbol },
    {
      id: 'leverage',
      label: t('field.leverage'),
      value: t('strategy.leverageValue', { value: strategy.leverage }),
    },
    { id: 'risk', label: t('field.riskLevel'), value: t(`risk.${strategy.riskLevel}`) },
    {
      id: 'annual-return',
      label: t('field.annualReturn'),
      value: <ReturnText value={strategy.annualReturn} />,
    },
    {
      id: 'past-year',
      label: t('field.pastYearNet'),
      value: <ReturnText value={strategy.pastYearNet} />,
    },
    {
      id: 'inception',
      label: t('field.sinceInception'),
      value: <ReturnText value={strategy.sinceInception} />,
    },
    { id: 'drawdown', label: t('field.maxDrawdown'), value: formatPercent(strategy.maxDrawdown) },
    {
      id: 'sharpe',
      label: t('field.sharpe'),
      value: strategy.sharpe === null ? t('field.none') : strategy.sharpe.toFixed(2),
    },
    {
      id: 'trades-week',
      label: t('field.tradesPerWeek'),
      value: strategy.tradesPerWeek.toFixed(1),
    },
    {
      id: 'position',
      label: t('field.positionRatio'),
      value: formatPercent(strategy.positionRatio),
    },
    {
      id: 'running-days',
      label: t('field.runningDays'),
      value: t('field.days', { count: strategy.runningDays }),
    },
    { id: 'fee', label: t('field.performanceFee'), value: formatPercent(strategy.performanceFee) },
    { id: 'pricing', label: t('field.pricingModel'), value: t('field.profitSharing') },
    { id: 'margin', label: t('field.marginTokens'), value: strategy.marginCurrencies.join(', ') },
    {
      id: 'min',
      label: t('field.minInvest'),
      value: `${formatTradeAmount(strategy.minInvest, quote)} ${quote}`,
    },
    { id: 'subscribers', label: t('field.subscribers'), value: strategy.subscribers },
    {
      id: 'aum',
      label: t('field.aum'),
      value: `${formatTradeAmount(strategy.aum, quote)} ${quote}`,
    },
  ];
  return (
    <SectionCard title={t('detail.facts')} data-testid="autotrade-facts">
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.id} data-testid={`autotrade-fact-${fact.id}`}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted} data-testid="autotrade-fee-note">
        {t('detail.feeNote', { fee: formatPercent(strategy.performanceFee) })}
      </p>
    </SectionCard>
  );
}

function Charts({ strategy }: { strategy: StrategyDetail }) {
  const { t } = useTranslation('autotrade');
  const profitLoss = useStrategyProfitLoss(strategy.id);
  const equity = useStrategyEquity(strategy.id);
  return (
    <SectionCard title={t('detail.performance')} data-testid="autotrade-performance">
      <PerformanceCharts
        profitLoss={profitLoss}
        equity={equity}
        quote={strategy.quote}
        testIdPrefix="autotrade"
      />
    </SectionCard>
  );
}

type Trade = TradingRecord['list'][number];

function RecentTrades({ strategy }: { strategy: StrategyDetail }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const trades = useStrategyRecentTrades(strategy.id);
  return (
    <SectionCard
      title={t('trades.title')}
      description={t('trades.description')}
      data-testid="autotrade-trades"
    >
      <DataTable<Trade>
        label={t('trades.title')}
        columns={[
          {
            id: 'time',
            header: t('trades.time'),
            rowHeader: true,
            cell: (trade) => formatDateTime(trade.executedAt),
          },
          { id: 'side', header: t('trades.side'), cell: (trade) => t(`side.${trade.side}`) },
          {
            id: 'symbol',
            header: t('field.symbol'),
            cell: (trade) => trade.symbol,
            hideOnPhone: true,
          },
          {
            id: 'price',
            header: t('trades.price'),
            numeric: true,
            align: 'end',
            cell: (trade) => formatPrice(trade.price),
          },
          {
            id: 'amount',
            header: t('trades.amount'),
            numeric: true,
            align: 'end',
            cell: (trade) =>
              `${formatTradeAmount(trade.amount, baseOf(trade.symbol))} ${baseOf(trade.symbol)}`,
          },
          {
            id: 'share',
            header: t('trades.share'),
            numeric: true,
            align: 'end',
            cell: (trade) => formatPercent(trade.share),
          },
        ]}
        rows={trades.data?.list}
        rowKey={(trade) => trade.signalNo}
        rowTestId="autotrade-trade"
        rowProps={(trade) => ({ 'data-side': trade.side })}
        {...queryTableState(trades, errorText)}
        empty={{ title: t('trades.empty') }}
        testId="autotrade-trades"
      />
    </SectionCard>
  );
}
