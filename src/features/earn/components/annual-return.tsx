import { useTranslation } from 'react-i18next';
import type { EarnProduct } from '../../../shared/api/earn';
import { formatRate } from '../utils/amounts';
import styles from './earn.module.css';

/**
 * A product's annual return: "Up to X%" with the loyalty level-3 rate when the product has one
 * (USDT and USDC Stable Income, spec section 2), with the standard rate under it; otherwise
 * the stated (or fallback) annual return.
 */
export function AnnualReturn({
  product,
  testId,
}: {
  product: Pick<EarnProduct, 'annualReturn' | 'stakeInterestAPYLv3'>;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('earn');
  const upTo = product.stakeInterestAPYLv3;
  return (
    <span className={styles.return} data-testid={testId}>
      <strong className={styles.returnFigure}>
        {upTo !== null
          ? t('card.upTo', { rate: formatRate(upTo, i18n.language) })
          : formatRate(product.annualReturn, i18n.language)}
      </strong>
      {upTo !== null ? (
        <span className={styles.returnNote}>
          {t('card.standardRate', { rate: formatRate(product.annualReturn, i18n.language) })}
        </span>
      ) : null}
    </span>
  );
}
