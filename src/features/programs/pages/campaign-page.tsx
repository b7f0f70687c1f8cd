import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { formatDateTime } from '../../../lib/date-format';
import { paths } from '../../../lib/paths';
import type { Campaign } from '../../../services/programs';
import { programsKeys } from '../api/programs-query-keys';
import { useAirdropStatus, useCampaign, useCampaignList } from '../api/use-campaigns';
import { CampaignCountdown } from '../components/campaign-countdown';
import styles from '../components/programs.module.css';
import { formatBcnt } from '../utils/bcnt';

type Localized = Campaign['title'];
const textIn = (text: Localized, language: string) =>
  text[language as keyof Localized] ?? text['en-US'];

function StateBadge({ state }: { state: Campaign['state'] }) {
  const { t } = useTranslation('programs');
  const tone =
    state === 'running'
      ? styles.badgePositive
      : state === 'upcoming'
        ? styles.badgeWarning
        : styles.badgeMuted;
  return (
    <span className={`${styles.badge} ${tone}`} data-testid="campaign-state" data-state={state}>
      {t(`campaign.state.${state}`)}
    </span>
  );
}

/** The member's airdrop qualification, or the disqualification with the withdrawable BCNT. */
function AirdropStatusCard({ slug }: { slug: string }) {
  const { t } = useTranslation(['programs', 'common']);
  const errorText = useErrorText();
  const query = useAirdropStatus(slug, { enabled: true });
  const status = query.data;
  return (
    <SectionCard title={t('programs:campaign.airdrop.status')} data-testid="airdrop-status">
      {query.isPending ? (
        <Skeleton lines={2} />
      ) : !status ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
        />
      ) : status.qualified ? (
        <Notice tone="success" testId="airdrop-qualified">
          {t('programs:campaign.airdrop.qualified', {
            products: status.qualifying.map((sub) => sub.serialNumber).join(', '),
          })}
        </Notice>
      ) : (
        <Notice tone="warning" testId="airdrop-disqualified">
          {t('programs:campaign.airdrop.disqualified', {
            amount: formatBcnt(status.withdrawableBcnt),
          })}
        </Notice>
      )}
    </SectionCard>
  );
}

function CampaignDetail({
  slug,
  loginBack,
}: {
  slug: string;
  /** The route a visitor's login returns to. */
  loginBack: 'Event' | 'RakutenEvent';
}) {
  const { t, i18n } = useTranslation(['programs', 'common']);
  const errorText = useErrorText();
  const loggedIn = useLoggedIn();
  const client = useQueryClient();
  const query = useCampaign(slug);
  const campaign = query.data;
  // the state changes on the server's clock: read the campaign again when the countdown ends
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: programsKeys.campaign(slug) }),
    [client, slug],
  );

  if (query.isPending) return <Skeleton lines={4} testId="campaign-loading" />;
  if (!campaign)
    return (
      <LoadError
        message={errorText(query.error) ?? t('common:error.description')}
        onRetry={() => query.refetch()}
        testId="campaign-error"
      />
    );
  return (
    <>
      <PageHeader
        title={textIn(campaign.title, i18n.language)}
        description={textIn(campaign.summary, i18n.language)}
        actions={<StateBadge state={campaign.state} />}
      />
      <div className={styles.stack}>
        <SectionCard title={t('programs:campaign.period')} data-testid="campaign-period">
          <dl className={styles.facts}>
            <dt>{t('programs:campaign.starts')}</dt>
            <dd>{formatDateTime(campaign.startsAt)}</dd>
            <dt>{t('programs:campaign.ends')}</dt>
            <dd>{formatDateTime(campaign.endsAt)}</dd>
          </dl>
          <div className={styles.block}>
            {campaign.state === 'ended' ? (
              <Notice tone="info" testId="campaign-ended">
                {t('programs:campaign.ended')}
              </Notice>
            ) : (
              <CampaignCountdown
                target={campaign.state === 'upcoming' ? campaign.startsAt : campaign.endsAt}
                label={
                  campaign.state === 'upcoming'
                    ? t('programs:campaign.countdown.starts')
                    : t('programs:campaign.countdown.ends')
                }
                onDone={refresh}
              />
            )}
          </div>
        </SectionCard>
        {campaign.airdrop ? (
          <SectionCard title={t('programs:campaign.airdrop.title')} data-testid="airdrop-rules">
            <ul className={styles.notes}>
              <li>
                {t('programs:campaign.airdrop.pool', {
                  amount: formatBcnt(campaign.airdrop.poolBcnt),
                })}
              </li>
              <li>
                {t('programs:campaign.airdrop.days', {
                  days: campaign.airdrop.minSubscriptionDays,
                })}
              </li>
              {Object.entries(campaign.airdrop.minAmounts).map(([currency, amount]) => (
                <li key={currency}>
                  {t('programs:campaign.airdrop.minimum', { amount, currency })}
                </li>
              ))}
            </ul>
          </SectionCard>
        ) : null}
        {campaign.airdrop && loggedIn ? <AirdropStatusCard slug={slug} /> : null}
        {campaign.airdrop && !loggedIn && campaign.state !== 'ended' ? (
          <div className={styles.actions}>
            <ButtonLink to={paths.Login.getHref(undefined, { back: loginBack })}>
              {t('programs:referral.visitor.login')}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </>
  );
}

function CampaignIndex() {
  const { t, i18n } = useTranslation(['programs', 'common']);
  const errorText = useErrorText();
  const query = useCampaignList({ enabled: true });
  return (
    <>
      <PageHeader title={t('programs:campaign.title')} />
      <SectionCard data-testid="campaign-list">
        {query.isPending ? (
          <Skeleton lines={3} />
        ) : !query.data ? (
          <LoadError
            message={errorText(query.error) ?? t('common:error.description')}
            onRetry={() => query.refetch()}
          />
        ) : query.data.list.length === 0 ? (
          <p className={styles.text}>{t('programs:campaign.none')}</p>
        ) : (
          <ul className={styles.campaignList}>
            {query.data.list.map((campaign) => (
              <li key={campaign.slug} className={styles.campaignItem} data-testid="campaign-item">
                <Link className={styles.link} to={campaignHref(campaign)}>
                  {textIn(campaign.title, i18n.language)}
                </Link>
                <StateBadge state={campaign.state} />
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </>
  );
}

/**
 * /event and /limit-event: with `?slug=` one campaign (title, summary, period, a countdown to
 * its start or end, or "ended"; an airdrop's rules and the member's qualification); without,
 * the list of campaigns.
 */
export function CampaignPage({ slug: fixedSlug }: { slug?: string } = {}) {
  const [query] = useSearchParams();
  const slug = fixedSlug ?? query.get('slug');
  return (
    <div className={styles.page} data-testid="campaign-page">
      {slug ? (
        <CampaignDetail slug={slug} loginBack={fixedSlug ? 'RakutenEvent' : 'Event'} />
      ) : (
        <CampaignIndex />
      )}
    </div>
  );
}

/**
 * RakutenEvent (/rakuten-event): the spec names the page only. Here it is the campaign page of
 * the operator's campaign with this slug (created like any other with the ops CLI), at its own
 * path for the partner's links; the campaign list links it there.
 */
export const RAKUTEN_CAMPAIGN_SLUG = 'rakuten';

const campaignHref = (campaign: { slug: string; kind: string }) =>
  campaign.slug === RAKUTEN_CAMPAIGN_SLUG
    ? paths.RakutenEvent.getHref()
    : (campaign.kind === 'limit_event' ? paths.LimitEvent : paths.Event).getHref(undefined, {
        slug: campaign.slug,
      });
