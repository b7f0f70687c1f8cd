import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { showProgressBar } from '../../../components/progress-bar-store';
import { SectionCard } from '../../../components/section-card';
import type { KycForm, KycStatus } from '../../../shared/api/kyc';
import { useAccountKind, type AccountKind } from '../api/use-account-kind';
import { useKycForm } from '../api/use-kyc-form';
import { useKycStatus } from '../../../hooks/use-kyc-status';
import { BusinessForm } from '../components/business-form';
import { IndividualForm } from '../components/individual-form';
import { InsufficientUpload } from '../components/insufficient-upload';
import { MarkedItemsContext } from '../components/marked-item';
import {
  FailedScreen,
  InsufficientNotice,
  RejectedNotice,
  SubmittedScreen,
  UnderReviewScreen,
  VerifiedScreen,
} from '../components/state-screens';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import { paths } from '../../../lib/paths';
import { STEP_QUERY } from '../utils/steps';
import styles from './kyc-page.module.css';

const NO_ITEMS: ReadonlySet<string> = new Set();

/**
 * /kyc: identity verification (spec sections 2-6). Reads the status and the saved form and
 * shows the screen of the state (see README.md beside this folder): the application form
 * (individual in three steps, or the institutional one), submitted with Edit, under review,
 * the corrections of a rejected one, more documents for an insufficient one, verified, or
 * failed with the way to support.
 */
export default function KycPage() {
  const { t } = useTranslation(['kyc', 'common']);
  const errorText = useKycErrorText();
  const statusQuery = useKycStatus();
  const formQuery = useKycForm();
  const status = statusQuery.data;
  const account = useAccountKind(status?.kind ?? formQuery.data?.status.kind);

  let content: ReactNode;
  if (statusQuery.isPending || formQuery.isPending || (status && account.isPending)) {
    content = (
      <SectionCard>
        <Skeleton lines={6} testId="kyc-loading" />
      </SectionCard>
    );
  } else if (!status || !formQuery.data) {
    const error = statusQuery.error ?? formQuery.error;
    content = (
      <SectionCard>
        <LoadError
          message={errorText(error) ?? t('common:error.description')}
          onRetry={() => Promise.all([statusQuery.refetch(), formQuery.refetch()])}
          testId="kyc-error"
        />
      </SectionCard>
    );
  } else {
    content = (
      <div data-testid="kyc-state" data-state={status.state} data-kind={account.kind ?? undefined}>
        <KycStateScreen status={status} form={formQuery.data} kind={account.kind ?? 'individual'} />
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="kyc-page">
      <PageHeader
        title={t('kyc:page.title')}
        description={t('kyc:page.description')}
        breadcrumbs={[
          { label: t('kyc:page.breadcrumbAccount'), href: paths.Account.getHref() },
          { label: t('kyc:page.title') },
        ]}
      />
      {content}
    </div>
  );
}

function KycStateScreen({
  status,
  form,
  kind,
}: {
  status: KycStatus;
  form: KycForm;
  kind: AccountKind;
}) {
  const { t } = useTranslation('kyc');
  const [searchParams, setSearchParams] = useSearchParams();
  const marked = useMemo(
    () => (status.state === 'rejected' ? new Set(status.rejectedItems) : NO_ITEMS),
    [status.state, status.rejectedItems],
  );
  const business = kind === 'institutional';
  const stepParam = searchParams.get('step');
  // editing a submitted application is in the URL too (a reload keeps it)
  const editing =
    status.canEdit &&
    (status.state === 'submitted' || status.state === 'resubmitted') &&
    stepParam !== null;

  function setStep(value: string | null) {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (value === null) params.delete('step');
        else params.set('step', value);
        return params;
      },
      { replace: true },
    );
  }

  function submitted() {
    setStep(null);
    showProgressBar({ type: 'success', text: t('submittedMessage'), autoClose: 5000 });
  }

  const edit = () => setStep(STEP_QUERY.personal);
  const cancelEdit = () => setStep(null);

  const formFor = (mode: 'new' | 'edit' | 'rejected') =>
    business ? (
      <BusinessForm
        form={form}
        resubmit={mode === 'rejected' || status.state === 'insufficient'}
        onSubmitted={submitted}
        onCancel={mode === 'edit' ? cancelEdit : undefined}
      />
    ) : (
      <IndividualForm
        form={form}
        mode={mode}
        onSubmitted={submitted}
        onCancel={mode === 'edit' ? cancelEdit : undefined}
      />
    );

  switch (status.state) {
    case 'pending':
      return <SectionCard>{formFor('new')}</SectionCard>;
    case 'submitted':
    case 'resubmitted':
      return editing ? (
        <SectionCard data-testid="kyc-editing">{formFor('edit')}</SectionCard>
      ) : (
        <SubmittedScreen status={status} onEdit={edit} />
      );
    case 'under_review':
      return <UnderReviewScreen status={status} />;
    case 'rejected':
      return (
        <div className={styles.stack}>
          <RejectedNotice status={status} />
          {status.canEdit ? (
            <MarkedItemsContext.Provider value={marked}>
              <SectionCard>{formFor('rejected')}</SectionCard>
            </MarkedItemsContext.Provider>
          ) : null}
        </div>
      );
    case 'insufficient':
      return (
        <div className={styles.stack}>
          <InsufficientNotice status={status} />
          {!status.canEdit ? null : business ? (
            <SectionCard>{formFor('rejected')}</SectionCard>
          ) : form.documents ? (
            <InsufficientUpload documents={form.documents} onSubmitted={submitted} />
          ) : (
            <SectionCard>{formFor('rejected')}</SectionCard>
          )}
        </div>
      );
    case 'verified':
      return <VerifiedScreen status={status} />;
    case 'failed':
      return <FailedScreen status={status} />;
  }
}
