import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import type { BinfiRound, BinfiSideType } from '../../../shared/api/binfi';
import { useEstimatedReturn } from '../api/use-binfi';
import { parseCalcInput, signed, tone } from '../utils/calculator';
import { formatUsdt } from '../utils/format';
import styles from './binfi.module.css';

const SIDES: BinfiSideType[] = ['supply', 'take'];

/**
 * EstimatedReturn, the calculator: the member enters units and an assumed move of the traded
 * market over the full term and reads Rock's and Flame's estimated payout, profit and return,
 * as the server computes them with the rules it settles with (a fall reaching the stop-loss is
 * counted at the stop-loss rate). Public rounds only (the server answers 404 for private ones).
 */
export function EstimatedReturn({ round }: { round: BinfiRound }) {
  const { t } = useTranslation('binfi');
  const [unitsText, setUnitsText] = useState('1');
  const [changeText, setChangeText] = useState('10');
  const input = parseCalcInput(unitsText, changeText);
  const units = input.ok ? input.units : 1;
  const change = input.ok ? input.change : 0;

  return (
    <div className={styles.calculator} data-testid="binfi-calculator">
      <p className={styles.muted}>{t('calc.text', { symbol: round.terms.symbol })}</p>
      <div className={styles.calcInputs}>
        <TextField
          label={t('calc.units')}
          inputMode="numeric"
          value={unitsText}
          onChange={(event) => setUnitsText(event.target.value)}
          error={
            !input.ok && input.errors.units ? t(`calc.error.${input.errors.units}`) : undefined
          }
          data-testid="binfi-calc-units"
        />
        <TextField
          label={t('calc.change', { symbol: round.terms.symbol })}
          inputMode="decimal"
          value={changeText}
          onChange={(event) => setChangeText(event.target.value)}
          error={
            !input.ok && input.errors.change ? t(`calc.error.${input.errors.change}`) : undefined
          }
          hint={t('calc.changeHint', { breakEven: round.terms.breakEven })}
          data-testid="binfi-calc-change"
        />
      </div>
      <div className={styles.calcResults}>
        {SIDES.map((side) => (
          <SideEstimate
            key={side}
            fundId={round.fundId}
            side={side}
            units={units}
            change={change}
            enabled={input.ok}
          />
        ))}
      </div>
    </div>
  );
}

function SideEstimate({
  fundId,
  side,
  units,
  change,
  enabled,
}: {
  fundId: number;
  side: BinfiSideType;
  units: number;
  change: number;
  enabled: boolean;
}) {
  const { t } = useTranslation('binfi');
  const query = useEstimatedReturn(fundId, side, units, change, enabled);
  const data = query.data;
  const testId = `binfi-calc-${side}`;
  return (
    <section
      className={styles.card}
      data-testid={testId}
      data-state={!enabled ? 'invalid' : data ? 'data' : query.isError ? 'error' : 'loading'}
      aria-busy={query.isFetching}
    >
      <h3 className={styles.cardTitle}>{t(side === 'supply' ? 'side.rock' : 'side.flame')}</h3>
      {!enabled ? (
        <p className={styles.muted}>{t('calc.fix')}</p>
      ) : query.isError && !data ? (
        <p className={styles.error}>{t('calc.failed')}</p>
      ) : !data ? (
        <p className={styles.muted}>…</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{t('calc.invested')}</dt>
              <dd data-testid={`${testId}-invested`}>{formatUsdt(data.invested)}</dd>
            </div>
            <div>
              <dt>{t('calc.payout')}</dt>
              <dd data-testid={`${testId}-payout`}>{formatUsdt(data.payout)}</dd>
            </div>
            <div>
              <dt>{t('calc.profit')}</dt>
              <dd
                data-testid={`${testId}-profit`}
                className={tone(data.profit) === 'down' ? styles.negative : styles.positive}
              >
                {`${signed(data.profit)} USDT`}
              </dd>
            </div>
            <div>
              <dt>{t('calc.returnRate')}</dt>
              <dd data-testid={`${testId}-rate`}>
                {t('calc.rateValue', {
                  rate: signed(data.returnRate),
                  annual: signed(data.annualized),
                })}
              </dd>
            </div>
          </dl>
          {data.stoppedOut ? (
            <p className={styles.warning} data-testid={`${testId}-stopped`}>
              {t('calc.stoppedOut')}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
