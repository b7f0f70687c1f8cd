import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import type { EarnTermsDocument } from '../../../shared/api/content';
import type { EarnProductDetail } from '../../../shared/api/earn';
import {
  ALLIANCE,
  ASSET_RETURN_WORKING_DAYS,
  EARLY_REDEMPTION_LAST_DAYS,
  FLAGSHIP,
  isRateKind,
} from '../../../shared/constants/earn';
import { earnDetailQueryOptions, earnGuestDetailQueryOptions } from '../api/use-earn-product';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { formatEarnAmount, formatRate, formatUtc8Date } from '../utils/amounts';
import { isSerialNumber, localized, tabOfKind } from '../utils/products';
import { strategySplit, termsDocumentOf, TERMS_FAMILIES, type TermsFamily } from '../utils/terms';
import styles from '../components/earn.module.css';

/**
 * The terms text is the operator's Markdown (the legal documents' mechanism: files under
 * LEGAL_DIR, replaced without a build); the app renders it with the legal feature's page and
 * gives it the figures block of this feature to show above the text (src/app/screens).
 */
export type RenderTerms = (document: EarnTermsDocument, figures: ReactNode) => ReactNode;

interface Fact {
  id: string;
  label: string;
  value: ReactNode;
}

/**
 * `/terms-earn/{mobile?}/{sn}` (PremiumTermsOfService) and `/premium-term-service/{mobile}/{sn}`
 * (PremiumTermsOfServiceMobile, the app's web view: the shell shows no nav bar or footer when
 * the `mobile` segment is there): the terms of one product, with its own figures (term,
 * currency, settlement, fees). A member reads the product with the session (a premier member's
 * premium fund); a visitor as a guest.
 */
export function ProductTermsPage({ renderTerms }: { renderTerms: RenderTerms }) {
  const { sn, mobile } = useParams();
  if (!isSerialNumber(sn)) return <Navigate replace to={paths.Landing.getHref()} />;
  return <ProductTerms key={sn} sn={sn} webView={Boolean(mobile)} renderTerms={renderTerms} />;
}

function ProductTerms({
  sn,
  webView,
  renderTerms,
}: {
  sn: string;
  webView: boolean;
  renderTerms: RenderTerms;
}) {
  const { t } = useTranslation('earn');
  const errorText = useEarnErrorText();
  const loggedIn = useLoggedIn();
  const guest = useQuery({ ...earnGuestDetailQueryOptions(sn), enabled: !loggedIn });
  const member = useQuery({
    ...earnDetailQueryOptions(sn),
    enabled: loggedIn,
    select: (detail) => detail.product,
  });
  const query = loggedIn ? member : guest;

  if (query.data) {
    return renderTerms(
      termsDocumentOf(query.data),
      <ProductFigures product={query.data} webView={webView} />,
    );
  }
  return (
    <div
      className={styles.page}
      data-testid="earn-terms-page"
      data-state={query.isPending ? 'loading' : 'error'}
    >
      <SectionCard>
        {query.isPending ? (
          <Skeleton lines={10} testId="earn-terms-loading" />
        ) : (
          <LoadError
            message={errorText(query.error) ?? t('terms.error')}
            onRetry={() => query.refetch()}
            testId="earn-terms-error"
          />
        )}
      </SectionCard>
    </div>
  );
}

/** A NAV as posted (up to 18 places) with 4 to 6 places: "1.148540000000000000" -> 1.14854. */
function formatNavText(nav: string, language: string): string {
  const value = Number(nav);
  if (!Number.isFinite(value)) return nav;
  return new Intl.NumberFormat(language || 'en-US', {
    minimumFractionDigits: 4,
    maximumFractionDigits: 6,
  }).format(value);
}

/** The figures of one product that its terms refer to. */
export function productTermsFacts(
  product: EarnProductDetail,
  t: ReturnType<typeof useTranslation<'earn'>>['t'],
  language: string,
): Fact[] {
  const money = (text: string) =>
    t('amount', {
      amount: formatEarnAmount(text, product.currency, 'principal'),
      currency: product.currency,
    });
  const rate = (value: number) => formatRate(value, language);
  const split = product.kind === 'mixed' ? strategySplit(product.strategy) : null;
  const facts: (Fact | null)[] = [
    {
      id: 'product',
      label: t('terms.fact.product'),
      value: t('terms.productValue', {
        name: localized(product.name, language),
        sn: product.serialNumber,
      }),
    },
    { id: 'kind', label: t('terms.fact.kind'), value: t(`kind.${product.kind}`) },
    { id: 'currency', label: t('terms.fact.currency'), value: product.currency },
    {
      id: 'term',
      label: t('card.term'),
      value: t('term.months', { count: product.periodMonth }),
    },
    {
      id: 'contract',
      label: t('detail.contract'),
      value: t('detail.periodValue', {
        start: formatUtc8Date(product.startAt),
        end: formatUtc8Date(product.endAt),
      }),
    },
    { id: 'per-unit', label: t('detail.perUnit'), value: money(product.perUnit) },
    { id: 'min', label: t('card.minInvestment'), value: money(product.minInvestment) },
    product.kind === 'flagship'
      ? {
          id: 'return',
          label: t('card.annualReturn'),
          value: t('terms.flagshipReturn', {
            fixed: rate(FLAGSHIP.fixedRatePct),
            share: rate(FLAGSHIP.excessSharePct),
            day: FLAGSHIP.excessUpdateDay,
          }),
        }
      : {
          id: 'return',
          label: t('card.annualReturn'),
          value: isRateKind(product.kind)
            ? t('terms.rateReturn', { rate: rate(product.annualReturn) })
            : t('terms.targetReturn', { rate: rate(product.annualReturn) }),
        },
    isRateKind(product.kind)
      ? {
          id: 'settlement',
          label: t('detail.settlement'),
          value: t(`settlement.${product.settlement}`),
        }
      : null,
    split
      ? {
          id: 'split',
          label: t('terms.fact.split'),
          value: t('terms.splitValue', { stable: split.stable, risk: split.risk }),
        }
      : null,
    split
      ? {
          id: 'worst-case',
          label: t('terms.fact.worstCase'),
          value: t('terms.worstCaseValue', { rate: rate(split.worstCasePct) }),
        }
      : null,
    product.maxDrawdown !== null
      ? { id: 'drawdown', label: t('detail.maxDrawdown'), value: rate(product.maxDrawdown) }
      : null,
    product.kind === 'alliance' && product.managementFeePct !== null
      ? {
          id: 'management-fee',
          label: t('terms.fact.managementFee'),
          value: t('terms.managementFeeValue', { rate: rate(product.managementFeePct) }),
        }
      : null,
    product.kind === 'alliance'
      ? {
          id: 'performance-fee',
          label: t('terms.fact.performanceFee'),
          value: t('terms.performanceFeeValue', {
            rate: rate(product.performanceFeePct ?? ALLIANCE.performanceFeePct),
            hurdle: rate(ALLIANCE.hurdlePct),
          }),
        }
      : null,
    product.kind === 'alliance'
      ? {
          id: 'high-watermark',
          label: t('terms.fact.highWatermark'),
          value:
            product.highWatermark === null
              ? t('terms.highWatermarkNone')
              : t('terms.highWatermarkValue', {
                  nav: formatNavText(product.highWatermark, language),
                }),
        }
      : null,
    product.kind === 'flagship'
      ? {
          id: 'early-termination',
          label: t('terms.fact.earlyTermination'),
          value: t('terms.earlyTerminationValue', {
            within: rate(FLAGSHIP.earlyTerminationFeePct.withinSixMonths),
            after: rate(FLAGSHIP.earlyTerminationFeePct.after),
          }),
        }
      : {
          id: 'early-redemption',
          label: t('terms.fact.earlyRedemption'),
          value: t('terms.earlyRedemptionValue', { count: EARLY_REDEMPTION_LAST_DAYS }),
        },
    {
      id: 'renewal',
      label: t('detail.renewal'),
      value: product.renewable ? t('detail.renewal.yes') : t('detail.renewal.no'),
    },
    {
      id: 'return-of-assets',
      label: t('terms.fact.returnOfAssets'),
      value: t('terms.returnOfAssetsValue', { count: ASSET_RETURN_WORKING_DAYS }),
    },
  ];
  return facts.filter((fact): fact is Fact => fact !== null);
}

function ProductFigures({ product, webView }: { product: EarnProductDetail; webView: boolean }) {
  const { t, i18n } = useTranslation('earn');
  return (
    <FiguresCard
      title={t('terms.figuresTitle')}
      description={t('terms.figuresDescription')}
      facts={productTermsFacts(product, t, i18n.language)}
      link={
        webView ? null : (
          <Link
            to={paths.PremiumDetail.getHref({ type: product.kind, sn: product.serialNumber })}
            data-testid="earn-terms-product-link"
          >
            {t('terms.productLink')}
          </Link>
        )
      }
    />
  );
}

/** The four family pages of the spec: the family's text and figures, and its products. */
export function FamilyTermsPage({
  family,
  renderTerms,
}: {
  family: TermsFamily['id'];
  renderTerms: RenderTerms;
}) {
  const { t, i18n } = useTranslation('earn');
  const spec = TERMS_FAMILIES[family];
  const rate = (value: number) => formatRate(value, i18n.language);
  const facts: Fact[] = [
    { id: 'kind', label: t('terms.fact.kind'), value: t(`kind.${spec.kind}`) },
    { id: 'currency', label: t('terms.fact.currency'), value: spec.currency },
    { id: 'term', label: t('card.term'), value: t('term.months', { count: spec.periodMonth }) },
    {
      id: 'min',
      label: t('card.minInvestment'),
      value: t('amount', {
        amount: formatEarnAmount(spec.minInvestment, spec.currency, 'principal'),
        currency: spec.currency,
      }),
    },
    ...(spec.split
      ? [
          {
            id: 'split',
            label: t('terms.fact.split'),
            value: t('terms.splitValue', { stable: spec.split.stable, risk: spec.split.risk }),
          },
          {
            id: 'worst-case',
            label: t('terms.fact.worstCase'),
            value: t('terms.worstCaseValue', { rate: rate(spec.split.worstCasePct) }),
          },
        ]
      : [
          {
            id: 'return',
            label: t('card.annualReturn'),
            value: t('terms.levelRates'),
          },
        ]),
    {
      id: 'early-redemption',
      label: t('terms.fact.earlyRedemption'),
      value: t('terms.earlyRedemptionValue', { count: EARLY_REDEMPTION_LAST_DAYS }),
    },
    {
      id: 'return-of-assets',
      label: t('terms.fact.returnOfAssets'),
      value: t('terms.returnOfAssetsValue', { count: ASSET_RETURN_WORKING_DAYS }),
    },
  ];
  return renderTerms(
    spec.document,
    <FiguresCard
      title={t(`terms.family.${family}`)}
      description={t('terms.familyDescription')}
      facts={facts}
      link={
        <Link
          to={paths.PremiumDashboard.getHref(undefined, { tab: tabOfKind(spec.kind) })}
          data-testid="earn-terms-products-link"
        >
          {t('terms.productsLink')}
        </Link>
      }
    />,
  );
}

function FiguresCard({
  title,
  description,
  facts,
  link,
}: {
  title: string;
  description: string;
  facts: Fact[];
  link: ReactNode;
}) {
  return (
    <SectionCard title={title} description={description} data-testid="earn-terms-figures">
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.id}>
            <dt>{fact.label}</dt>
            <dd data-testid={`earn-terms-fact-${fact.id}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {link}
    </SectionCard>
  );
}
