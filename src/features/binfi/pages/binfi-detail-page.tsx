import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../services/http-client';
import { useErrorText } from '../../../hooks/use-error-text';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import type { BinfiSideType } from '../../../shared/api/binfi';
import { ErrorCode } from '../../../shared/api/envelope';
import { useSideDetail } from '../api/use-binfi';
import type { DetailKind } from '../api/binfi-calls';
import { RoundCharts } from '../components/binfi-charts';
import { EstimatedReturn } from '../components/estimated-return';
import { FlameResult } from '../components/flame-result';
import { JoinPanel } from '../components/join-panel';
import { PeriodsTable } from '../components/periods-table';
import { RoundFacts } from '../components/round-facts';
import { useBinfiInvite } from '../hooks/use-binfi-invite';
import { useKeepBinfiQuery } from '../hooks/use-keep-binfi-query';
import { sideOfParam } from '../utils/status';
import styles from '../components/binfi.module.css';

function hintOf(state: unknown): DetailKind | undefined {
  const kind = (state as { kind?: unknown } | null)?.kind;
  return kind === 'binfi' || kind === 'galaxy' || kind === 'private' ? kind : undefined;
}

/**
 * BinFiDetail (`/bin-fi/detail/{id}/{type}`, type supply = Ultra Rock or take = Ultra Flame):
 * the round from that side (spec section 3 fields, its status in section 4's words), the other
 * side one click away, the payout periods, and Supply / Take while it raises.
 */
export default function BinfiDetailPage() {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  useKeepBinfiQuery();
  const params = useParams();
  const location = useLocation();
  const fundId = Number(params.id);
  const side = sideOfParam(params.type);
  const invite = useBinfiInvite();
  const loggedIn = useLoggedIn();
  const query = useSideDetail(
    fundId,
    side ?? 'supply',
    invite && loggedIn ? 'private' : hintOf(location.state),
    invite,
  );
  const galaxy = query.data?.round.variant === 'galaxy';
  const dashboard = galaxy ? paths.BinFiGalaxyDashboard : paths.BinFiDashboard;
  const history = galaxy ? paths.BinFiGalaxyHistory : paths.BinFiHistory;

  if (!side || !Number.isInteger(fundId) || fundId <= 0) {
    return (
      <div className={styles.page} data-testid="binfi-detail" data-state="none">
        <EmptyState title={t('detail.noneTitle')} testId="binfi-detail-none">
          {t('detail.noneText')}
        </EmptyState>
      </div>
    );
  }

  const notFound =
    query.error instanceof ApiError &&
    (query.error.status === ErrorCode.notFound || query.error.httpStatus === 404);
  const other: BinfiSideType = side === 'supply' ? 'take' : 'supply';
  const name = t(galaxy ? 'round.galaxyName' : 'round.name', { id: fundId });

  return (
    <div
      className={styles.page}
      data-testid="binfi-detail"
      data-state={query.data?.round.state ?? (query.isPending ? 'loading' : 'error')}
      data-side={side}
    >
      <PageHeader
        title={`${name} · ${t(side === 'supply' ? 'side.rock' : 'side.flame')}`}
        description={t(side === 'supply' ? 'side.rockText' : 'side.flameText')}
        breadcrumbs={[
          {
            label: t(galaxy ? 'galaxy.title' : 'dashboard.title'),
            href: dashboard.getHref(),
          },
          { label: name },
        ]}
        actions={
          <div className={styles.actions}>
            <ButtonLink
              to={paths.BinFiDetail.getHref({ id: fundId, type: other })}
              state={location.state as unknown}
              variant="secondary"
              data-testid="binfi-detail-other-side"
            >
              {t(other === 'supply' ? 'detail.toRock' : 'detail.toFlame')}
            </ButtonLink>
            <ButtonLink
              to={history.getHref({ id: fundId, type: side })}
              state={location.state as unknown}
              variant="ghost"
              data-testid="binfi-detail-history"
            >
              {t('history.title')}
            </ButtonLink>
          </div>
        }
      />
      {query.isPending ? (
        <Skeleton lines={6} testId="binfi-detail-loading" />
      ) : notFound && invite && !loggedIn ? (
        <div className={styles.stack} data-testid="binfi-invite-login-prompt">
          <EmptyState title={t('invite.loginTitle')}>{t('invite.loginText')}</EmptyState>
          <ButtonLink to={paths.Login.getHref()} data-testid="binfi-invite-login">
            {t('join.login')}
          </ButtonLink>
        </div>
      ) : notFound ? (
        <EmptyState title={t('detail.noneTitle')} testId="binfi-detail-none">
          {t('detail.noneText')}
        </EmptyState>
      ) : query.isError ? (
        <LoadError
          message={errorText(query.error)}
          onRetry={() => query.refetch()}
          testId="binfi-detail-error"
        />
      ) : (
        <>
          <SectionCard title={t('detail.factsTitle')} data-testid="binfi-detail-card">
            <RoundFacts detail={query.data} />
          </SectionCard>
          {query.data.flameResult ? (
            <SectionCard title={t('flame.title')}>
              <FlameResult result={query.data.flameResult} />
            </SectionCard>
          ) : null}
          {query.data.round.isPrivate ? null : (
            <SectionCard title={t('chart.title')} data-testid="binfi-detail-charts">
              <RoundCharts round={query.data.round} side={side} />
            </SectionCard>
          )}
          {query.data.round.state === 'fundraising' ? (
            <JoinPanel round={query.data.round} side={side} />
          ) : null}
          {query.data.round.isPrivate ? null : (
            <SectionCard title={t('calc.title')}>
              <EstimatedReturn round={query.data.round} />
            </SectionCard>
          )}
          <SectionCard title={t('period.title')}>
            <PeriodsTable detail={query.data} />
          </SectionCard>
        </>
      )}
    </div>
  );
}
