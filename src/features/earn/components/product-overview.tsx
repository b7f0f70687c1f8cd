import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type { EarnProductDetail } from '../../../shared/api/earn';
import { isRateKind } from '../../../shared/constants/earn';
import { formatEarnAmount, formatRate, formatUtc8Date, formatUtc8DateTime } from '../utils/amounts';
import { localized, showsLimitedLabel, tabOfKind } from '../utils/products';
import { AnnualReturn } from './annual-return';
import { ProductPerformance, showsPerformance } from './charts/product-performance';
import { LevelRates } from './level-rates';
import { LimitedBadge, ProductStateBadge } from './state-badge';
import styles from './earn.module.css';

/**
 * What every reader of a product page sees (GuestDetail and Detail alike): the header (name,
 * kind, serial number, state, limited label), the terms (annual return, minimum investment,
 * units, term, settlement, fundraising period and contract dates in UTC+8), the description and,
 * for rate products, the rate at each loyalty level. `children` (the visitor's call to action,
 * or the member's subscription and Join) goes right under the terms; NAV products then show
 * their performance (key figures, NAV and drawdown charts) before the description.
 */
export function ProductOverview({
  product,
  memberLevel,
  children,
}: {
  product: EarnProductDetail;
  memberLevel?: number;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('earn');
  // the product's risk level (1-5) in the questionnaire's words (loaded with the route)
  const { t: tRisk } = useTranslation('questionnaire');
  const name = localized(product.name, i18n.language);
  const money = (text: string) =>
    t('amount', {
      amount: formatEarnAmount(text, product.currency, 'principal'),
      currency: product.currency,
    });
  const description = localized(product.description, i18n.language);

  const facts: { id: string; label: string; value: ReactNode }[] = [
    {
      id: 'return',
      label: t('card.annualReturn'),
      value: <AnnualReturn product={product} />,
    },
    { id: 'min', label: t('card.minInvestment'), value: money(product.minInvestment) },
    { id: 'per-unit', label: t('detail.perUnit'), value: money(product.perUnit) },
    {
      id: 'units',
      label: t('detail.units'),
      value: t('detail.unitsValue', { min: product.minUnit, max: product.maxUnit }),
    },
    { id: 'term', label: t('card.term'), value: t('term.months', { count: product.periodMonth }) },
    ...(isRateKind(product.kind)
      ? [
          {
            id: 'settlement',
            label: t('detail.settlement'),
            value: t(`settlement.${product.settlement}`),
          },
        ]
      : []),
    {
      id: 'raise',
      label: t('detail.raise'),
      value: t('detail.periodValue', {
        start: formatUtc8DateTime(product.raiseStart),
        end: formatUtc8DateTime(product.raiseEnd),
      }),
    },
    {
      id: 'contract',
      label: t('detail.contract'),
      value: t('detail.periodValue', {
        start: formatUtc8Date(product.startAt),
        end: formatUtc8Date(product.endAt),
      }),
    },
    ...(product.maxDrawdown !== null
      ? [
          {
            id: 'drawdown',
            label: t('detail.maxDrawdown'),
            value: formatRate(product.maxDrawdown, i18n.language),
          },
        ]
      : []),
    {
      id: 'risk',
      label: tRisk('risk.label'),
      value: tRisk('risk.level', { level: product.riskLevel }),
    },
    {
      id: 'renew',
      label: t('detail.renewal'),
      value: product.renewable ? t('detail.renewal.yes') : t('detail.renewal.no'),
    },
  ];

  return (
    <>
      <PageHeader
        title={name}
        description={
          <span className={styles.serial}>
            <span>{t(`kind.${product.kind}`)}</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="earn-detail-sn">{product.serialNumber}</span>
          </span>
        }
        breadcrumbs={[
          {
            label: t('dashboard.title'),
            href: paths.PremiumDashboard.getHref(undefined, { tab: tabOfKind(product.kind) }),
          },
          { label: name },
        ]}
        actions={
          <div className={styles.badges}>
            <ProductStateBadge state={product.state} testId="earn-detail-state" />
            {showsLimitedLabel(product) ? <LimitedBadge testId="earn-detail-limited" /> : null}
          </div>
        }
      />
      <SectionCard
        title={t('detail.terms')}
        data-testid="earn-terms"
        actions={
          <Link
            to={paths.PremiumTermsOfService.getHref({ sn: product.serialNumber })}
            data-testid="earn-terms-link"
          >
            {t('terms.read')}
          </Link>
        }
      >
        <dl className={styles.facts}>
          {facts.map((fact) => (
            <div key={fact.id}>
              <dt>{fact.label}</dt>
              <dd data-testid={`earn-fact-${fact.id}`}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
      {children}
      {showsPerformance(product) ? <ProductPerformance product={product} /> : null}
      {description ? (
        <SectionCard title={t('detail.about')} data-testid="earn-description">
          <p className={styles.lead}>{description}</p>
        </SectionCard>
      ) : null}
      {product.levelRates ? (
        <LevelRates rates={product.levelRates} memberLevel={memberLevel} />
      ) : null}
    </>
  );
}
