import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../../../components/section-card';
import { paths } from '../../../../lib/paths';
import type { EarnSmartDca } from '../../../../shared/api/earn';
import { formatPrice } from '../../utils/amounts';
import { usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

/**
 * Smart DCA of a Stable Income subscription (spec section 3 "Smart DCA fields"), as premium2
 * Detail gives them: the target currency, the rewards expected over the term, converted and
 * still to convert (reward currency), the average price, what was bought so far (target
 * currency) and the number of conversions, with a link to the subscription's conversions
 * (XSavingHistory). The setting is in the actions (smart-dca-dialog.tsx).
 */
export function SmartDcaFacts({ dca, premiumId }: { dca: EarnSmartDca; premiumId: number }) {
  const { t, i18n } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const reward = dca.rewardCurrency;
  const target = dca.currency;
  const facts = [
    { id: 'currency', label: t('dca.currency'), value: target ?? t('dca.off') },
    {
      id: 'expected',
      label: t('dca.expected'),
      value: format.money(dca.expectedAccumulated, reward, 'reward'),
    },
    {
      id: 'converted',
      label: t('dca.converted'),
      value: format.money(dca.converted, reward, 'reward'),
    },
    {
      id: 'to-convert',
      label: t('dca.toBeConverted'),
      value: format.money(dca.toBeConverted, reward, 'reward'),
    },
    {
      id: 'average',
      label: t('dca.averagePrice'),
      value:
        dca.averagePrice !== null && target
          ? t('dca.priceValue', {
              price: formatPrice(dca.averagePrice, i18n.language),
              reward,
              target,
            })
          : t('event.none'),
    },
    {
      id: 'current',
      label: t('dca.currentAmount'),
      // exactly: a few days of rewards buy a few hundred satoshis (BTC's balance places are 4)
      value: target ? format.money(dca.currentAmount, target) : t('event.none'),
    },
    { id: 'count', label: t('dca.count'), value: String(dca.conversionCount) },
  ];
  return (
    <SectionCard title={t('dca.title')} data-testid="portfolio-dca">
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.id}>
            <dt>{fact.label}</dt>
            <dd data-testid={`portfolio-dca-${fact.id}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={paths.XSavingHistory.getHref(undefined, { premiumId: String(premiumId) })}
        data-testid="portfolio-dca-history"
      >
        {t('dca.history')}
      </Link>
    </SectionCard>
  );
}
