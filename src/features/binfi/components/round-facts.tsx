import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BinfiSideDetail } from '../../../shared/api/binfi';
import { day, dayTime, formatBcnt, formatUsdt } from '../utils/format';
import { MAX_UNITS_PER_SUBSCRIPTION } from '../utils/join-rules';
import { StatusBadge } from './status-badge';
import styles from './binfi.module.css';

/**
 * A round from one side, with the fields of spec section 3: unit price, units, settlement cycle,
 * leverage, fee split, status, stop-loss (date and rate), redemption, reward paid, break-even
 * point, funding results.
 */
export function RoundFacts({ detail }: { detail: BinfiSideDetail }) {
  const { t } = useTranslation('binfi');
  const { round, side } = detail;
  const rock = side === 'supply';
  const capacity = rock ? round.rockCapacity : round.flameCapacity;
  const payout = rock ? round.rockPayoutPerUnit : round.flamePayoutPerUnit;
  const facts: { id: string; label: string; value: ReactNode }[] = [
    { id: 'status', label: t('field.status'), value: <StatusBadge status={round.state} /> },
    { id: 'unit-price', label: t('field.unitPrice'), value: formatUsdt(round.unitPrice) },
    {
      id: 'units',
      label: t('field.units'),
      value: t('field.unitsValue', { units: detail.units, capacity }),
    },
    { id: 'available', label: t('field.available'), value: String(detail.available) },
    {
      id: 'per-subscription',
      label: t('field.perSubscription'),
      value: t('field.unitsMax', { max: MAX_UNITS_PER_SUBSCRIPTION }),
    },
    {
      id: 'account-cap',
      label: t('field.accountCap'),
      value: t('field.unitsMax', { max: round.accountCap }),
    },
    {
      id: 'term',
      label: t('field.term'),
      value: t('field.months', { count: round.termMonths }),
    },
    {
      id: 'cycle',
      label: t('field.cycle'),
      value: t(rock ? 'field.cycleRock' : 'field.cycleFlame'),
    },
    {
      id: 'leverage',
      label: t('field.leverage'),
      value: rock
        ? t('field.leverageRock', { ratio: round.rockPerFlame })
        : t('field.leverageValue', { leverage: round.leverage }),
    },
    {
      id: 'raise',
      label: t('field.raise'),
      value: `${dayTime(round.raiseStart)} – ${dayTime(round.raiseEnd)}`,
    },
    {
      id: 'contract',
      label: t('field.contract'),
      value: round.startAt
        ? `${day(round.startAt)} – ${day(round.maturity)}`
        : t('field.notStarted'),
    },
    { id: 'lock', label: t('field.lockPerUnit'), value: formatBcnt(round.lockPerUnit) },
    {
      id: 'fee-split',
      label: t('field.feeSplit'),
      value: t('field.feeSplitValue', {
        apr: round.terms.rockApr,
        reward: formatUsdt(round.terms.rockRewardPerUnit),
        fee: round.terms.platformFeeRate,
      }),
    },
    {
      id: 'stop-loss-rate',
      label: t('field.stopLossRate'),
      value: t('field.stopLossRateValue', { rate: round.terms.stopLossRate }),
    },
    {
      id: 'break-even',
      label: t('field.breakEven'),
      value: t('field.breakEvenValue', {
        symbol: round.terms.symbol,
        rate: round.terms.breakEven,
      }),
    },
    {
      id: 'stop-loss',
      label: t('field.stopLoss'),
      value: round.stopLossAt
        ? t('field.stopLossAt', {
            time: dayTime(round.stopLossAt),
            deadline: dayTime(round.stopLossDeadline),
          })
        : t('field.stopLossNone'),
    },
    ...(rock
      ? [
          {
            id: 'redeemed',
            label: t('field.redeemed'),
            value: t('field.unitsCount', { count: round.redeemedRock }),
          },
        ]
      : []),
    {
      id: 'paid',
      label: t(rock ? 'field.rewardPaid' : 'field.resultPaid'),
      value: formatUsdt(detail.paidPerUnit, 6),
    },
    {
      id: 'payout',
      label: t('field.payoutPerUnit'),
      value: payout ? formatUsdt(payout, 6) : t('field.beforeSettlement'),
    },
  ];
  return (
    <>
      <dl className={styles.facts} data-testid="binfi-facts">
        {facts.map((fact) => (
          <div key={fact.id}>
            <dt>{fact.label}</dt>
            <dd data-testid={`binfi-fact-${fact.id}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.cardTitle}>{t('field.fundingResults')}</h3>
      <dl className={styles.facts} data-testid="binfi-funding">
        <div>
          <dt>{t('field.deposited')}</dt>
          <dd data-testid="binfi-funding-deposited">{formatUsdt(round.deposited)}</dd>
        </div>
        <div>
          <dt>{t('field.matchedValue')}</dt>
          <dd data-testid="binfi-funding-matched">{formatUsdt(round.matchedValue)}</dd>
        </div>
        <div>
          <dt>{t('field.refundTotal')}</dt>
          <dd data-testid="binfi-funding-refund">{formatUsdt(round.refundTotal)}</dd>
        </div>
        <div>
          <dt>{t('field.matchedUnits')}</dt>
          <dd data-testid="binfi-funding-units">
            {t('field.matchedUnitsValue', {
              rock: round.matchedRock,
              rockUnits: round.rockUnits,
              flame: round.matchedFlame,
              flameUnits: round.flameUnits,
            })}
          </dd>
        </div>
      </dl>
    </>
  );
}
