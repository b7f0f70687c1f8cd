import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Notice } from '../../../components/load-states';
import type { KycForm } from '../../../shared/api/kyc';
import { STEP_QUERY, openingStep, stepFromQuery, type KycStep } from '../utils/steps';
import { DocumentsStep } from './documents-step';
import styles from './kyc.module.css';
import { PersonalStep } from './personal-step';
import { ReviewStep } from './review-step';
import { Stepper } from './stepper';

export type IndividualFormMode = 'new' | 'edit' | 'rejected';

/**
 * The individual application in three steps (personal information -> documents -> review and
 * declaration). The step lives in the URL's `step` query (`upload` for the documents, the
 * spec's value), bounded by what the server has saved, so a reload continues where the member
 * was and `?step=upload` before the personal part is saved opens step 1 with a note.
 */
export function IndividualForm({
  form,
  mode,
  onSubmitted,
  onCancel,
}: {
  form: KycForm;
  mode: IndividualFormMode;
  onSubmitted: () => void;
  /** Leaves editing (state submitted). */
  onCancel?: () => void;
}) {
  const { t } = useTranslation('kyc');
  const [searchParams, setSearchParams] = useSearchParams();
  const top = useRef<HTMLDivElement>(null);
  const { step, needsPersonalFirst } = openingStep({
    requested: stepFromQuery(searchParams.get('step')),
    personalSaved: form.personal !== null,
    documentsSaved: form.documents !== null,
    rejectedItems: mode === 'rejected' ? form.status.rejectedItems : undefined,
  });

  function go(next: KycStep) {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('step', STEP_QUERY[next]);
        return params;
      },
      { replace: true },
    );
    // the next step starts at the top of the form (long forms on a phone)
    top.current?.scrollIntoView?.({ block: 'start' });
  }

  return (
    <div ref={top} className={styles.form} data-testid="kyc-individual-form" data-step={step}>
      <Stepper current={step} />
      {needsPersonalFirst ? (
        <Notice tone="info" testId="kyc-personal-first">
          {t('steps.personalFirst')}
        </Notice>
      ) : null}
      {step === 'personal' ? (
        <PersonalStep
          // a fresh form when the saved data arrives (prefill)
          key={form.personal ? 'saved' : 'new'}
          saved={form.personal}
          onSaved={() => go('documents')}
        />
      ) : null}
      {step === 'documents' ? (
        <DocumentsStep
          saved={form.documents}
          idType={form.personal?.idType}
          onBack={() => go('personal')}
          onSaved={() => go('review')}
        />
      ) : null}
      {step === 'review' && form.personal && form.documents ? (
        <ReviewStep
          personal={form.personal}
          documents={form.documents}
          resubmit={mode === 'rejected'}
          onEdit={(target) => go(target)}
          onBack={() => go('documents')}
          onSubmitted={onSubmitted}
        />
      ) : null}
      {onCancel ? (
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onCancel} data-testid="kyc-edit-cancel">
            {t('action.cancelEdit')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
