import { useTranslation } from 'react-i18next';
import { InlineSkeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import {
  BCNT_TOTAL_SUPPLY_TOKENS,
  STORE_CONVERSION_HOURS,
  STORE_DELIVERY_HOUR_UTC8,
  STORE_MIN_USDT,
  STORE_USDT_DECIMALS,
} from '../../../shared/constants/store';
import { formatAtomic } from '../../../shared/money/decimal';
import { formatAmountAt } from '../../../lib/format-amount';
import { useTokenInfo } from '../api/use-token-info';
import styles from './store.module.css';

/**
 * What BCNT is, its supply and price, and the store rules (spec section 9). The rules are the
 * shared constants, so they show even when the token info call fails; only the price waits.
 */
export function BcntInfo() {
  const { t } = useTranslation('store');
  const info = useTokenInfo();
  const supply = formatAmountAt(BigInt(BCNT_TOTAL_SUPPLY_TOKENS), 0, 0);
  const minimum = formatAtomic(STORE_MIN_USDT, STORE_USDT_DECIMALS);

  return (
    <SectionCard title={t('info.title')} data-testid="bcnt-info">
      <p className={styles.lead}>{t('info.what')}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('info.supply')}</dt>
          <dd data-testid="bcnt-supply">{t('info.supplyValue', { supply })}</dd>
        </div>
        <div>
          <dt>{t('info.price')}</dt>
          <dd data-testid="bcnt-price">
            {info.data ? (
              t('info.priceValue', { price: info.data.priceUsdt })
            ) : info.isError ? (
              t('info.priceUnavailable')
            ) : (
              <InlineSkeleton />
            )}
          </dd>
        </div>
        {info.data?.contractAddress ? (
          <div>
            <dt>{t('info.contract')}</dt>
            <dd className={styles.mono}>{info.data.contractAddress}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className={styles.subTitle}>{t('rules.title')}</h3>
      <ul className={styles.rules} data-testid="store-rules">
        <li>{t('rules.minimum', { minimum })}</li>
        {/* the spec's two times in one sentence: the conversion follows the confirmed payment,
            the delivery is the time the BCNT arrives */}
        <li data-testid="store-rules-timing">
          {t('rules.timing', {
            min: STORE_CONVERSION_HOURS.min,
            max: STORE_CONVERSION_HOURS.max,
            hour: STORE_DELIVERY_HOUR_UTC8,
          })}
        </li>
        <li>{t('rules.price')}</li>
      </ul>
    </SectionCard>
  );
}
