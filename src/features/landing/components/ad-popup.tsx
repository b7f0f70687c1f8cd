import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { Dialog } from '../../../components/dialog';
import type { Advertisement } from '../../../services/advertisements';
import type { EarnProduct } from '../../../shared/api/earn';
import { resolveLocale } from '../../../shared/constants/locales';
import { useAdRotation } from '../hooks/use-ad-rotation';
import styles from './ad-popup.module.css';

export type AdProduct = Pick<
  EarnProduct,
  | 'id'
  | 'kind'
  | 'name'
  | 'serialNumber'
  | 'periodMonth'
  | 'annualReturn'
  | 'minInvestment'
  | 'currency'
>;

/** 8.5 -> "8.5%" (at most 2 places, the reader's digits). */
function formatPercent(rate: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(rate)}%`;
}

/** A decimal string with the integer part grouped ("10000.5" -> "10,000.5"), exactly. */
function groupDecimal(text: string, locale: string): string {
  const [whole = '', fraction] = text.split('.');
  if (!/^\d+$/.test(whole)) return text;
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole));
  return fraction ? `${grouped}.${fraction}` : grouped;
}

export interface AdPopupProps {
  ad: Advertisement;
  products: readonly AdProduct[];
  /** The product's detail page (Learn more). */
  productHref: (product: AdProduct) => string;
  /** Closed for this visit (close button, Esc, a click outside, Learn more). */
  onClose: () => void;
  /** Hide today: not shown again before local midnight. */
  onHideToday: () => void;
}

/**
 * The advertisement popup (spec sections 2 and 4): the ad's image (leading to its link) when it
 * has one, and the two products rotating (8 s; 12 s after a dot click), each with Learn more
 * opening the product. A modal dialog: focus trapped, page scrolling locked while open.
 */
export function AdPopup({ ad, products, productHref, onClose, onHideToday }: AdPopupProps) {
  const { t, i18n } = useTranslation('content');
  const locale = resolveLocale(i18n.language);
  const { index, select } = useAdRotation(products.length);
  const current = products[index];
  const internal = ad.openUrl.startsWith('/');

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('ad.title')}
      data-testid="ad-popup"
      closeTestId="ad-popup-close"
    >
      <div className={styles.body}>
        {ad.imageAppURL ? (
          <a
            href={ad.openUrl}
            className={styles.imageLink}
            {...(internal ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            data-testid="ad-popup-image"
          >
            <img
              src={ad.imageAppURL}
              alt={t('ad.imageAlt')}
              width={640}
              height={320}
              loading="lazy"
              className={styles.image}
            />
          </a>
        ) : null}
        {current ? (
          <section
            className={styles.slides}
            aria-roledescription="carousel"
            aria-label={t('ad.slides')}
          >
            <div
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('ad.slide', { index: index + 1, count: products.length })}
              aria-live="off"
              data-testid="ad-slide"
              data-kind={current.kind}
              data-index={index}
            >
              <p className={styles.family}>
                {t(`ad.family.${current.kind === 'mixed' ? 'mixed' : 'fixed'}`)}
              </p>
              <h3 className={styles.name}>{current.name[locale]}</h3>
              <dl className={styles.figures}>
                <div>
                  <dt>{t('ad.annualReturn')}</dt>
                  <dd className={styles.return}>{formatPercent(current.annualReturn, locale)}</dd>
                </div>
                <div>
                  <dt>{t('ad.term', { count: current.periodMonth })}</dt>
                  <dd>
                    {t('ad.minimum', {
                      amount: groupDecimal(current.minInvestment, locale),
                      currency: current.currency,
                    })}
                  </dd>
                </div>
              </dl>
              <ButtonLink to={productHref(current)} onClick={onClose} data-testid="ad-learn-more">
                {t('ad.learnMore')}
              </ButtonLink>
            </div>
            {products.length > 1 ? (
              <div className={styles.dots}>
                {products.map((product, dot) => (
                  <button
                    key={product.id}
                    type="button"
                    className={styles.dot}
                    aria-label={t('ad.dot', { name: product.name[locale] })}
                    aria-current={dot === index ? 'true' : undefined}
                    onClick={() => select(dot)}
                    data-testid={`ad-dot-${dot}`}
                  />
                ))}
              </div>
            ) : null}
          </section>
        ) : null}
        {!ad.imageAppURL && !current ? null : (
          <div className={styles.actions}>
            <Button variant="ghost" size="sm" onClick={onHideToday} data-testid="ad-hide-today">
              {t('ad.hideToday')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
