import { useTranslation } from 'react-i18next';
import type { BinfiSideDetail } from '../../../shared/api/binfi';
import { signed, tone } from '../utils/calculator';
import { dayTime, formatUsdt } from '../utils/format';
import styles from './binfi.module.css';

/**
 * Flame's live result: the binfi-flame job's latest 5-minute snapshot of the position (PnL in
 * USDT and in % of Flame's capital, equity), with its time. The detail query reads it again every
 * minute while the round runs (use-binfi.ts), so an open page follows it. Nothing before the start.
 */
export function FlameResult({
  result,
  testId = 'binfi-flame-result',
}: {
  result: BinfiSideDetail['flameResult'];
  testId?: string;
}) {
  const { t } = useTranslation('binfi');
  if (!result) return null;
  const direction = tone(result.pnl);
  return (
    <dl className={styles.facts} data-testid={testId} data-tone={direction}>
      <div>
        <dt>{t('flame.pnl')}</dt>
        <dd
          className={direction === 'down' ? styles.negative : styles.positive}
          data-testid={`${testId}-pnl`}
        >
          {`${signed(result.pnl)} USDT (${signed(result.pnlRate)} %)`}
        </dd>
      </div>
      <div>
        <dt>{t('flame.equity')}</dt>
        <dd data-testid={`${testId}-equity`}>{formatUsdt(result.equity)}</dd>
      </div>
      <div>
        <dt>{t('flame.time')}</dt>
        <dd>{dayTime(result.time)}</dd>
      </div>
    </dl>
  );
}
