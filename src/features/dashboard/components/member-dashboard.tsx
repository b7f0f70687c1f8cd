import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { InlineSkeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import {
  DASHBOARD_FAMILIES,
  type DashboardFamily,
  type KycLevel,
  type PremierLevel,
} from '../utils/dashboard-summary';
import type { DashboardValue } from '../utils/dashboard-types';
import styles from './member-dashboard.module.css';

export interface MemberDashboardProps {
  /** Live subscriptions or orders per product family, each from its own call. */
  products: Record<DashboardFamily, DashboardValue<number>>;
  /** Where each family's tile leads (the member's own subscriptions there). */
  productHrefs: Record<DashboardFamily, string>;
  kyc: DashboardValue<KycLevel>;
  /** Member level 0-4 (the loyalty status). */
  loyalty: DashboardValue<number>;
  premier: DashboardValue<PremierLevel>;
  kycHref: string;
  loyaltyHref: string;
  premierHref: string;
}

/**
 * The spec's Dashboard for members, at Landing's path above the landing blocks: how many of
 * their products are live per family (earn, Smart Autotrade, lending bot, BinFi) and their
 * levels (identity verification, loyalty level, premier membership). Each tile is its own call,
 * so one failing shows a retry in that tile only.
 */
export function MemberDashboard(props: MemberDashboardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      className={styles.dashboard}
      role="region"
      aria-label={t('title')}
      data-testid="member-dashboard"
    >
      <SectionCard title={t('products.title')} description={t('products.description')}>
        <ul className={styles.tiles}>
          {DASHBOARD_FAMILIES.map((family) => (
            <Tile
              key={family}
              testId={`dashboard-products-${family}`}
              label={t(`products.${family}`)}
              value={props.products[family]}
              render={(count) => t('products.count', { count })}
              link={{ href: props.productHrefs[family], label: t(`products.open.${family}`) }}
            />
          ))}
        </ul>
      </SectionCard>
      <SectionCard title={t('levels.title')}>
        <ul className={styles.tiles}>
          <Tile
            testId="dashboard-level-kyc"
            label={t('levels.kyc')}
            value={props.kyc}
            render={(level) => t(`levels.kycValue.${level}`)}
            link={{ href: props.kycHref, label: t('levels.kycLink') }}
          />
          <Tile
            testId="dashboard-level-loyalty"
            label={t('levels.loyalty')}
            value={props.loyalty}
            render={(level) => t('levels.loyaltyValue', { level })}
            link={{ href: props.loyaltyHref, label: t('levels.loyaltyLink') }}
          />
          <Tile
            testId="dashboard-level-premier"
            label={t('levels.premier')}
            value={props.premier}
            render={(level) => t(`levels.premierValue.${level}`)}
            link={{ href: props.premierHref, label: t('levels.premierLink') }}
          />
        </ul>
      </SectionCard>
    </div>
  );
}

function Tile<T>({
  testId,
  label,
  value,
  render,
  link,
}: {
  testId: string;
  label: string;
  value: DashboardValue<T>;
  render: (value: T) => ReactNode;
  link: { href: string; label: string };
}) {
  const { t } = useTranslation('dashboard');
  return (
    <li className={styles.tile} data-testid={testId} data-status={value.status}>
      <span className={styles.tileLabel}>{label}</span>
      {value.status === 'loading' ? (
        <InlineSkeleton testId={`${testId}-loading`} />
      ) : value.status === 'error' ? (
        <span>
          {t('unavailable')}{' '}
          <Button variant="ghost" size="sm" onClick={value.retry} data-testid={`${testId}-retry`}>
            {t('retry')}
          </Button>
        </span>
      ) : (
        <span className={styles.tileValue} data-testid={`${testId}-value`}>
          {render(value.value)}
        </span>
      )}
      <Link className={styles.tileLink} to={link.href}>
        {link.label}
      </Link>
    </li>
  );
}
