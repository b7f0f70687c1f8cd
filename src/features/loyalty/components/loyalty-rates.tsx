import { useTranslation } from 'react-i18next';
import type { LoyaltyRate } from '../../../shared/api/loyalty';
import { useLoyaltySetting } from '../api/use-loyalty-setting';
import { useErrorText } from '../../../hooks/use-error-text';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import styles from './loyalty-rates.module.css';

const GROUPS = ['fixed', 'pro'] as const;
const LEVELS = [1, 2, 3, 4] as const;

function rateOf(rate: LoyaltyRate, level: (typeof LEVELS)[number]): number {
  return rate[`lv${level}Rate`];
}

/**
 * The loyalty rate table from the server (GET /api/v1/common/loyalty): Stable Income (`fixed`)
 * and Stable Income Pro (`pro`), one row per currency, annual rates in percent at levels 1-4.
 * Test ids: `loyalty-rates` (data-state loading|error|empty|ready), rows
 * `loyalty-rate-<fixed|pro>-<currency>`.
 */
export function LoyaltyRates() {
  const { t, i18n } = useTranslation('loyalty');
  const errorText = useErrorText();
  const query = useLoyaltySetting();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  const groups = query.data
    ? GROUPS.map((group) => ({ group, rows: query.data[group] })).filter(
        ({ rows }) => rows.length > 0,
      )
    : [];
  const state = query.isPending
    ? 'loading'
    : !query.data
      ? 'error'
      : groups.length === 0
        ? 'empty'
        : 'ready';

  return (
    <SectionCard
      title={t('rates.title')}
      description={t('rates.description')}
      aria-busy={state === 'loading'}
      data-testid="loyalty-rates"
      data-state={state}
    >
      {state === 'loading' ? (
        <Skeleton lines={4} testId="loyalty-rates-loading" />
      ) : state === 'error' ? (
        <LoadError
          message={errorText(query.error) ?? t('rates.error')}
          onRetry={() => query.refetch()}
          testId="loyalty-rates-error"
        />
      ) : state === 'empty' ? (
        <EmptyState title={t('rates.empty.title')} testId="loyalty-rates-empty">
          {t('rates.empty.text')}
        </EmptyState>
      ) : (
        groups.map(({ group, rows }) => (
          <div key={group} className={styles.scroller}>
            <table className={styles.table} data-testid={`loyalty-rates-${group}`}>
              <caption className={styles.caption}>{t(`rates.group.${group}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('rates.currency')}</th>
                  {LEVELS.map((level) => (
                    <th key={level} scope="col" className={styles.numeric}>
                      {t('rates.level', { level })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((rate) => (
                  <tr
                    key={rate.currencyName}
                    data-testid={`loyalty-rate-${group}-${rate.currencyName}`}
                  >
                    <th scope="row" className={styles.currency}>
                      {rate.currencyName}
                    </th>
                    {LEVELS.map((level) => (
                      <td
                        key={level}
                        className={styles.numeric}
                        data-label={t('rates.level', { level })}
                        data-level={level}
                      >
                        {t('rates.percent', { value: percent.format(rateOf(rate, level)) })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
      <p className={styles.note}>{t('rates.note')}</p>
    </SectionCard>
  );
}
