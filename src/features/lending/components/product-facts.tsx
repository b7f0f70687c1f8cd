import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import type { LendingStrategy } from '../../../shared/api/lending';
import { bpsPercent, formatDailyRate, withCurrency } from '../utils/format';
import styles from './lending.module.css';

/**
 * The lending product's rules as the member reads them before subscribing: the exchange and the
 * asset lent, the fee (trial, period, BCNT discount), the exchange's fee on interest, the
 * minimums, and how the bot prices offers (its floor rate and offer periods).
 */
export function ProductFacts({ strategy }: { strategy: LendingStrategy }) {
  const { t } = useTranslation('lending');
  const asset = strategy.currency;
  const facts: [string, string, string][] = [
    ['exchange', t('product.exchange'), strategy.exchange],
    ['asset', t('field.lendingAsset'), asset],
    [
      'fee',
      t('field.subscriptionFee'),
      t('product.fee', {
        fee: withCurrency(strategy.feeUsdt, 'USDT'),
        days: strategy.periodDays,
      }),
    ],
    [
      'bcnt',
      t('product.bcntDiscount'),
      t('product.bcntDiscountValue', { percent: bpsPercent(strategy.bcntDiscountBps) }),
    ],
    ['trial', t('product.trial'), t('product.days', { count: strategy.trialDays })],
    ['exchangeFee', t('product.exchangeFee'), bpsPercent(strategy.exchangeFeeBps)],
    [
      'recommended',
      t('field.recommendedMinimum'),
      withCurrency(strategy.recommendedMinimum, asset),
    ],
    ['minimumOffer', t('product.minimumOffer'), withCurrency(strategy.minimumOffer, asset)],
    ['minRate', t('product.minDailyRate'), formatDailyRate(strategy.minDailyRate)],
    [
      'periods',
      t('product.periods'),
      t('product.periodsValue', {
        days: strategy.periodDaysDefault,
        long: strategy.longPeriodDays,
        rate: formatDailyRate(strategy.longPeriodRate),
      }),
    ],
  ];
  return (
    <SectionCard
      title={t('product.title')}
      data-testid="lending-product"
      data-state={strategy.status}
    >
      <dl className={styles.facts}>
        {facts.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`lending-product-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
