import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type { EarnEvent } from '../../../shared/api/earn';
import { useEarnEvent } from '../api/use-earn-history';
import { useEarnDetail } from '../api/use-earn-product';
import { useEventLabel, usePortfolioFormat } from '../components/portfolio/use-portfolio-format';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { isSerialNumber } from '../utils/products';
import styles from '../components/portfolio/portfolio.module.css';

/**
 * /earn/history/{id}?sn= (EarnHistory): one movement of a subscription (a daily or monthly
 * reward with the level and rate it was paid at, a renewal, the return, a refund, an early
 * redemption...). The event id is in the path; the subscription's serial number in `sn` (the
 * history tables link with it): premium2/Detail gives the subscription, PremiumHistory the event.
 */
export default function MyEarnEventPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const sn = search.get('sn');
  const eventId = Number(id);
  const { t } = useTranslation('portfolio');
  if (!isSerialNumber(sn ?? undefined) || !Number.isInteger(eventId) || eventId < 1) {
    return (
      <div className={styles.page} data-testid="portfolio-event-page" data-state="none">
        <PageHeader title={t('eventPage.title')} />
        <EmptyState title={t('eventPage.notFound')} testId="portfolio-event-none">
          <Link to={paths.SubscriptionHistory.getHref()}>{t('history.back')}</Link>
        </EmptyState>
      </div>
    );
  }
  return <EventDetail key={`${sn}-${eventId}`} sn={sn!} eventId={eventId} />;
}

function EventDetail({ sn, eventId }: { sn: string; eventId: number }) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const detail = useEarnDetail(sn);
  const premiumId = detail.data?.subscription?.premiumId;
  const event = useEarnEvent(premiumId, eventId);
  const backHref = paths.MyPremiumDetail.getHref({ sn });
  const crumbs = [
    {
      label: t('page.title'),
      href: paths.MyStrategies.getHref(undefined, { tab: 'earn' }),
    },
    { label: sn, href: backHref },
    { label: t('eventPage.title') },
  ];
  const frame = (state: string, body: ReactNode) => (
    <div className={styles.page} data-testid="portfolio-event-page" data-state={state}>
      <PageHeader title={t('eventPage.title')} breadcrumbs={crumbs} />
      {body}
    </div>
  );

  const failed = detail.isError ? detail : event.isError ? event : null;
  if (failed) {
    return frame(
      'error',
      <LoadError
        message={errorText(failed.error) ?? t('error.load')}
        onRetry={() => failed.refetch()}
        testId="portfolio-event-error"
      />,
    );
  }
  if (detail.isPending || (premiumId !== undefined && event.isPending)) {
    return frame('loading', <Skeleton lines={5} testId="portfolio-event-loading" />);
  }
  const found = event.data ?? null;
  if (premiumId === undefined || found === null) {
    return frame(
      'none',
      <EmptyState title={t('eventPage.notFound')} testId="portfolio-event-none">
        <Link to={backHref}>{t('eventPage.back')}</Link>
      </EmptyState>,
    );
  }
  return frame(
    'found',
    <SectionCard
      title={format.name(detail.data!.product.name)}
      description={sn}
      data-testid="portfolio-event-card"
    >
      <EventFacts event={found} />
      <p className={styles.more}>
        <Link to={backHref} data-testid="portfolio-event-back">
          {t('eventPage.back')}
        </Link>
      </p>
    </SectionCard>,
  );
}

function EventFacts({ event }: { event: EarnEvent }) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const eventLabel = useEventLabel();
  const facts = [
    { id: 'kind', label: t('event.kind'), value: eventLabel(event) },
    { id: 'amount', label: t('event.amount'), value: format.signedMoney(event) },
    event.day !== null && {
      id: 'day',
      label: t('eventPage.rewardDay'),
      value: t('utc8', { time: event.day.replaceAll('-', '/') }),
    },
    event.level !== null && {
      id: 'level',
      label: t('eventPage.level'),
      value: t('eventPage.levelValue', { level: event.level }),
    },
    event.rate !== null && { id: 'rate', label: t('event.rate'), value: format.rate(event.rate) },
    { id: 'term', label: t('event.term'), value: t('fact.termValue', { term: event.term }) },
    { id: 'at', label: t('eventPage.at'), value: format.time(event.at) },
  ].filter((fact) => fact !== false);
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.id}>
          <dt>{fact.label}</dt>
          <dd data-testid={`portfolio-movement-${fact.id}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
