import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import type { EarnProductDetail, EarnSubscription } from '../../../../shared/api/earn';
import { isProKind } from '../../../../shared/constants/earn';
import { SubscriptionStateBadge } from '../state-badge';
import { usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

interface Fact {
  id: string;
  label: string;
  value: ReactNode;
}

/**
 * A subscription as premium2/Detail gives it (spec section 3 "Subscription"): status, units,
 * invested, added and locked amounts, accumulated and not yet paid rewards, the rate of the
 * member's level, the term and its dates, next renewal and auto-renew, the Asset Return
 * request (Pro), the value, profit or loss, NAV, returns, high-water mark, excess share and fees
 * (NAV products), the return (amount, due, done), an early redemption (when, BCNT paid) or a
 * Flagship's early termination fee. A fact the subscription does not have is left out.
 */
export function SubscriptionFacts({
  subscription: sub,
  product,
}: {
  subscription: EarnSubscription;
  product: EarnProductDetail;
}) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const { currency } = sub;
  const signedRate = (value: number) =>
    `${value > 0 ? '+' : value < 0 ? '-' : ''}${format.rate(Math.abs(value))}`;
  const facts: (Fact | false)[] = [
    { id: 'state', label: t('fact.state'), value: <SubscriptionStateBadge state={sub.state} /> },
    { id: 'units', label: t('fact.units'), value: t('fact.unitsValue', { count: sub.units }) },
    {
      id: 'invested',
      label: t('fact.invested'),
      value: format.money(sub.investedAmount, currency),
    },
    sub.addedAmount !== '0' && {
      id: 'added',
      label: t('fact.added'),
      value: format.money(sub.addedAmount, currency),
    },
    { id: 'locked', label: t('fact.locked'), value: format.money(sub.lockedAmount, currency) },
    {
      id: 'reward',
      label: t('fact.reward'),
      value: format.money(sub.accumulatedReward, currency, 'reward'),
    },
    product.settlement === 'monthly' && {
      id: 'pending',
      label: t('fact.pending'),
      value: format.money(sub.pendingReward, currency, 'reward'),
    },
    sub.currentRate !== null && {
      id: 'rate',
      label: t('fact.rate'),
      value: t('fact.rateValue', {
        rate: format.rate(sub.currentRate),
        level: sub.effectiveLevel,
      }),
    },
    sub.currentValue !== null && {
      id: 'value',
      label: t('fact.value'),
      value: format.money(sub.currentValue, currency),
    },
    sub.profitLoss !== null && {
      id: 'profit-loss',
      label: t('fact.profitLoss'),
      value: (
        <span className={sub.profitLoss.startsWith('-') ? styles.negative : styles.positive}>
          {sub.profitLoss.startsWith('-')
            ? `-${format.money(sub.profitLoss.slice(1), currency)}`
            : format.money(sub.profitLoss, currency)}
        </span>
      ),
    },
    sub.startNav != null && { id: 'start-nav', label: t('fact.startNav'), value: sub.startNav },
    sub.latestNav != null && {
      id: 'latest-nav',
      label: t('fact.latestNav'),
      value: sub.latestNavDay
        ? t('fact.navOn', { nav: sub.latestNav, day: sub.latestNavDay.replaceAll('-', '/') })
        : sub.latestNav,
    },
    sub.itdReturn != null && {
      id: 'itd-return',
      label: t('fact.itdReturn'),
      value: signedRate(sub.itdReturn),
    },
    sub.ytdReturn != null && {
      id: 'ytd-return',
      label: t('fact.ytdReturn'),
      value: signedRate(sub.ytdReturn),
    },
    sub.highWatermark != null && {
      id: 'high-watermark',
      label: t('fact.highWatermark'),
      value: sub.highWatermark,
    },
    sub.excessReward !== undefined &&
      sub.excessReward !== '0' && {
        id: 'excess',
        label: t('fact.excessReward'),
        value: format.money(sub.excessReward, currency, 'reward'),
      },
    sub.feesCharged !== undefined &&
      sub.feesCharged !== '0' && {
        id: 'fees',
        label: t('fact.feesCharged'),
        value: format.money(sub.feesCharged, currency),
      },
    sub.awaitingNav === true && {
      id: 'awaiting-nav',
      label: t('fact.settlement'),
      value: t('fact.awaitingNav'),
    },
    { id: 'term', label: t('fact.term'), value: t('fact.termValue', { term: sub.term }) },
    {
      id: 'dates',
      label: t('fact.dates'),
      // before the start: the product's contract dates
      value: format.term(
        sub.termStart ? sub : { termStart: product.startAt, expiryAt: product.endAt },
      ),
    },
    {
      id: 'renewal',
      label: t('fact.nextRenewal'),
      value: sub.nextRenewalAt
        ? format.day(sub.nextRenewalAt)
        : sub.autoRenew && sub.state === 'raising'
          ? format.day(product.endAt)
          : t('list.noRenewal'),
    },
    product.renewable && {
      id: 'auto-renew',
      label: t('fact.autoRenew'),
      value: sub.autoRenew ? t('fact.on') : t('fact.off'),
    },
    isProKind(sub.kind) && {
      id: 'asset-return',
      label: t('fact.assetReturn'),
      value:
        sub.assetReturnUnits !== null
          ? t('fact.unitsValue', { count: sub.assetReturnUnits })
          : t('fact.noRequest'),
    },
    sub.returnAmount !== null && {
      id: 'return-amount',
      label: t('fact.returnAmount'),
      value: format.money(sub.returnAmount, currency),
    },
    sub.returnDueAt !== null &&
      sub.returnedAt === null && {
        id: 'return-due',
        label: t('fact.returnDue'),
        value: format.day(sub.returnDueAt),
      },
    sub.returnedAt !== null && {
      id: 'returned',
      label: t('fact.returned'),
      value: format.time(sub.returnedAt),
    },
    sub.redeemedAt !== null && {
      id: 'redeemed',
      label: t('fact.redeemed'),
      value: format.time(sub.redeemedAt),
    },
    sub.terminationFee != null && {
      id: 'termination-fee',
      label: t('fact.terminationFee'),
      value: format.money(sub.terminationFee, currency),
    },
    sub.redeemedBcnt !== null && {
      id: 'redeemed-bcnt',
      label: t('fact.redeemedBcnt'),
      value: format.money(sub.redeemedBcnt, 'BCNT', 'balance'),
    },
    { id: 'created', label: t('fact.created'), value: format.time(sub.createdAt) },
  ];
  return (
    <SectionCard title={t('fact.title')} data-testid="portfolio-facts" data-state={sub.state}>
      <dl className={styles.facts}>
        {facts
          .filter((fact): fact is Fact => fact !== false)
          .map((fact) => (
            <div key={fact.id}>
              <dt>{fact.label}</dt>
              <dd data-testid={`portfolio-fact-${fact.id}`}>{fact.value}</dd>
            </div>
          ))}
      </dl>
    </SectionCard>
  );
}
