import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { Button } from '../../../components/button';
import { formatDate } from '../../../lib/date-format';
import type { KycStatus, PremierState } from '../../../shared/api/kyc';
import { useApplyForPremierMember } from '../api/use-premier-application';
import { useKycStatus } from '../../../hooks/use-kyc-status';
import { useErrorText } from '../hooks/use-error-text';
import { paths } from '../../../lib/paths';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { StatusBadge, type BadgeTone } from './status-badge';
import { PremierApplicationForm } from './premier-application-form';
import styles from './account.module.css';

/** `none`: the member has not applied (the status's `premier.state` is null). */
type PremierView = PremierState | 'none';

const TONE: Record<PremierView, BadgeTone> = {
  none: 'warning',
  pending_id_verification: 'warning',
  email_sent: 'primary',
  under_review: 'primary',
  rejected: 'danger',
  approved: 'positive',
};

/** What an approved premier member can subscribe to (spec section 6; products-programs). */
const UNLOCKED = ['premium', 'binfi'] as const;

/**
 * Premier membership (spec section 4 "Premier member application", section 6 "Premier
 * member"): the application's state from `getStatus` (`premier`) and its next step:
 *
 *   none                    -> Apply (applyForPremierMember)
 *   pending_id_verification -> complete identity verification first (/kyc)
 *   email_sent              -> the application form (applyForKYC2)
 *   under_review            -> about 1 to 2 business days
 *   rejected                -> ID verification failed, contact customer service
 *   approved                -> premier member, with the products it unlocks
 */
export function PremierCard() {
  const { t } = useTranslation(['account', 'common']);
  const errorText = useErrorText();
  const query = useKycStatus();
  const view: PremierView | undefined = query.data
    ? (query.data.premier.state ?? 'none')
    : undefined;

  return (
    <SectionCard
      title={t('account:premier.title')}
      data-testid="account-premier"
      data-state={query.isPending ? 'loading' : (view ?? 'error')}
    >
      {query.isPending ? (
        <Skeleton lines={3} testId="account-premier-loading" />
      ) : query.data && view ? (
        <PremierStateView view={view} premier={query.data.premier} />
      ) : (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="account-premier-error"
        />
      )}
    </SectionCard>
  );
}

function PremierStateView({ view, premier }: { view: PremierView; premier: KycStatus['premier'] }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const apply = useApplyForPremierMember();
  const [applyError, setApplyError] = useState<unknown>(null);
  const appliedOn = premier.appliedAt ? formatDate(premier.appliedAt) : '';
  const decidedOn = premier.decidedAt ? formatDate(premier.decidedAt) : '';

  async function startApplication() {
    setApplyError(null);
    try {
      await apply.mutateAsync();
    } catch (failure) {
      setApplyError(failure);
    }
  }

  const badge = <StatusBadge tone={TONE[view]}>{t(`premier.state.${view}`)}</StatusBadge>;
  const applyMessage = errorText(applyError);

  switch (view) {
    case 'none':
      return (
        <div className={styles.state}>
          {badge}
          <p className={styles.stateText}>{t('premier.hint.none')}</p>
          {applyMessage ? (
            <p className={styles.formError} role="alert" data-testid="premier-apply-error">
              {applyMessage}
            </p>
          ) : null}
          <Button onClick={startApplication} data-testid="premier-apply">
            {t('premier.apply')}
          </Button>
        </div>
      );
    case 'pending_id_verification':
      return (
        <div className={styles.state}>
          {badge}
          <p className={styles.stateText}>{t('premier.hint.pending_id_verification')}</p>
          <ButtonLink size="sm" to={paths.Kyc.getHref()} data-testid="premier-kyc-link">
            {t('premier.link.kyc')}
          </ButtonLink>
        </div>
      );
    case 'email_sent':
      return (
        <div className={styles.state}>
          {badge}
          <p className={styles.stateText}>{t('premier.hint.email_sent')}</p>
          <PremierApplicationForm />
        </div>
      );
    case 'under_review':
      return (
        <div className={styles.state}>
          {badge}
          <p className={styles.stateText}>
            {appliedOn
              ? t('premier.hint.under_reviewOn', { date: appliedOn })
              : t('premier.hint.under_review')}
          </p>
        </div>
      );
    case 'rejected':
      return (
        <div className={styles.state}>
          {badge}
          <p className={styles.stateText}>{t('premier.hint.rejected')}</p>
          <ButtonLink
            size="sm"
            to={paths.Account.getHref(undefined, { type: 'contact-us' })}
            data-testid="premier-contact"
          >
            {t('premier.link.contact')}
          </ButtonLink>
        </div>
      );
    case 'approved':
      return (
        <div className={styles.state}>
          {badge}
          <p className={styles.stateText}>
            {decidedOn
              ? t('premier.hint.approvedOn', { date: decidedOn })
              : t('premier.hint.approved')}
          </p>
          <ul className={styles.list} data-testid="premier-products">
            {UNLOCKED.map((product) => (
              <li key={product}>{t(`premier.unlocks.${product}`)}</li>
            ))}
          </ul>
        </div>
      );
  }
}
