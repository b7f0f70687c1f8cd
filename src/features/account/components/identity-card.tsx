import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { formatDate } from '../../../lib/date-format';
import type { KycState, KycStatus } from '../../../shared/api/kyc';
import { useKycStatus } from '../../../hooks/use-kyc-status';
import { useErrorText } from '../hooks/use-error-text';
import { paths } from '../../../lib/paths';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { StatusBadge, type BadgeTone } from './status-badge';
import styles from './account.module.css';

const TONE: Record<KycState, BadgeTone> = {
  pending: 'warning',
  submitted: 'primary',
  resubmitted: 'primary',
  under_review: 'primary',
  rejected: 'warning',
  insufficient: 'warning',
  verified: 'positive',
  failed: 'danger',
};

/** Where each state's next step goes (spec section 2: `/kyc`, `step=upload` for the upload). */
const NEXT: Partial<
  Record<KycState, { href: string; label: 'verify' | 'edit' | 'view' | 'fix' | 'upload' }>
> = {
  pending: { href: paths.Kyc.getHref(), label: 'verify' },
  submitted: { href: paths.Kyc.getHref(), label: 'edit' },
  resubmitted: { href: paths.Kyc.getHref(), label: 'view' },
  rejected: { href: paths.Kyc.getHref(), label: 'fix' },
  insufficient: { href: paths.Kyc.getHref(undefined, { step: 'upload' }), label: 'upload' },
};

/**
 * Identity verification (spec section 4 "KYC states"): the state of `getStatus` in words, what
 * it means and the next step: pending -> verify (/kyc); submitted -> edit before the review
 * starts; resubmitted -> view; under review -> about 3 business days, BCNT withdrawals locked;
 * rejected -> fix the marked items (/kyc); insufficient -> upload more (/kyc?step=upload);
 * verified -> since when; failed -> contact support (the shell's contact form).
 */
export function IdentityCard() {
  const { t } = useTranslation(['account', 'common']);
  const errorText = useErrorText();
  const query = useKycStatus();

  return (
    <SectionCard
      title={t('account:kyc.title')}
      data-testid="account-identity"
      data-state={query.isPending ? 'loading' : query.data ? query.data.state : 'error'}
    >
      {query.isPending ? (
        <Skeleton lines={3} testId="account-kyc-loading" />
      ) : query.data ? (
        <KycStatusView status={query.data} />
      ) : (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="account-kyc-error"
        />
      )}
    </SectionCard>
  );
}

function KycStatusView({ status }: { status: KycStatus }) {
  const { t } = useTranslation('account');
  const { state } = status;
  const next = NEXT[state];
  const submittedOn = status.submittedAt ? formatDate(status.submittedAt) : '';
  const decidedOn = status.decidedAt ? formatDate(status.decidedAt) : '';

  const explanation = (() => {
    switch (state) {
      case 'pending':
        return t('kyc.hint.pending');
      case 'submitted':
        return submittedOn
          ? t('kyc.hint.submittedOn', { date: submittedOn })
          : t('kyc.hint.submitted');
      case 'resubmitted':
        return submittedOn
          ? t('kyc.hint.resubmittedOn', { date: submittedOn })
          : t('kyc.hint.resubmitted');
      case 'under_review':
        return t('kyc.hint.under_review');
      case 'rejected':
        return t('kyc.hint.rejected');
      case 'insufficient':
        return t('kyc.hint.insufficient');
      case 'verified':
        return decidedOn ? t('kyc.hint.verifiedOn', { date: decidedOn }) : t('kyc.hint.verified');
      case 'failed':
        return t('kyc.hint.failed');
    }
  })();
  const showNote =
    status.reviewNote && (state === 'rejected' || state === 'insufficient' || state === 'failed');

  return (
    <div className={styles.state} data-testid="account-kyc-status" data-state={state}>
      <StatusBadge tone={TONE[state]}>{t(`kyc.state.${state}`)}</StatusBadge>
      <p className={styles.stateText}>{explanation}</p>
      {state === 'rejected' && status.rejectedItems.length > 0 ? (
        <p className={styles.stateNote} data-testid="account-kyc-items">
          {t('kyc.rejectedItems', { count: status.rejectedItems.length })}
        </p>
      ) : null}
      {showNote ? (
        <p className={styles.stateNote} data-testid="account-kyc-note">
          {t('kyc.reviewNote', { note: status.reviewNote })}
        </p>
      ) : null}
      {next ? (
        <ButtonLink
          size="sm"
          to={next.href}
          data-testid="account-kyc-link"
          data-action={next.label}
        >
          {t(`kyc.link.${next.label}`)}
        </ButtonLink>
      ) : null}
      {state === 'failed' ? (
        <ButtonLink
          size="sm"
          to={paths.Account.getHref(undefined, { type: 'contact-us' })}
          data-testid="account-kyc-contact"
        >
          {t('kyc.link.contact')}
        </ButtonLink>
      ) : null}
    </div>
  );
}
