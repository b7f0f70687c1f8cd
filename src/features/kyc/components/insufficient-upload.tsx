import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { SectionCard } from '../../../components/section-card';
import type { KycDocuments } from '../../../shared/api/kyc';
import { KycMessage } from '../../../shared/validation/kyc';
import { useSaveDocuments, useSubmitKyc } from '../api/use-kyc-writes';
import { useFieldMessage } from '../hooks/use-field-message';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import { Declaration } from './declaration';
import { DocumentDrop } from './document-drop';
import styles from './kyc.module.css';

/** The contract allows at most this many extra documents. */
export const MAX_EXTRA_DOCUMENTS = 5;

/** Test id of extra slot `index`: the first is `kyc-upload-extra`, then `-2` ... `-5`. */
export const extraTestId = (index: number) =>
  index === 0 ? 'kyc-upload-extra' : `kyc-upload-extra-${index + 1}`;

/**
 * State insufficient (individual): the reviewer asked for more. The member uploads up to five
 * more documents (`extraImageIds`, saved with modifyLevelTwo next to the documents already
 * saved), confirms the declaration and resubmits (verifyLevelThree).
 */
export function InsufficientUpload({
  documents,
  onSubmitted,
}: {
  documents: KycDocuments;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation(['kyc', 'common']);
  const fieldMessage = useFieldMessage();
  const errorText = useKycErrorText();
  const save = useSaveDocuments();
  const submit = useSubmitKyc();
  // stable keys: the empty slot keeps its drop (and its local preview) once its upload is in
  const [extras, setExtras] = useState<{ key: number; id: string }[]>(() =>
    (documents.extraImageIds ?? []).map((id, index) => ({ key: index, id })),
  );
  const [nextKey, setNextKey] = useState(() => documents.extraImageIds?.length ?? 0);
  const [declared, setDeclared] = useState(false);
  const [declarationError, setDeclarationError] = useState<string | undefined>();
  const [extraError, setExtraError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const slots: { key: number; id: string | null }[] =
    extras.length < MAX_EXTRA_DOCUMENTS ? [...extras, { key: nextKey, id: null }] : extras;

  function change(key: number, imageId: string | null) {
    setExtraError(undefined);
    if (key === nextKey && imageId !== null) {
      setExtras((previous) => [...previous, { key, id: imageId }]);
      setNextKey(key + 1);
      return;
    }
    setExtras((previous) =>
      imageId === null
        ? previous.filter((entry) => entry.key !== key)
        : previous.map((entry) => (entry.key === key ? { key, id: imageId } : entry)),
    );
  }

  async function resubmit() {
    if (save.isPending || submit.isPending) return;
    setFormError(undefined);
    let ok = true;
    if (extras.length === 0) {
      setExtraError(t('kyc:insufficient.atLeastOne'));
      ok = false;
    }
    if (!declared) {
      setDeclarationError(fieldMessage(KycMessage.declarationRequired));
      ok = false;
    }
    if (!ok) return;
    try {
      await save.mutateAsync({ ...documents, extraImageIds: extras.map((entry) => entry.id) });
      await submit.mutateAsync();
      onSubmitted();
    } catch (failure) {
      setFormError(errorText(failure));
    }
  }

  return (
    <SectionCard title={t('kyc:insufficient.title')} data-testid="kyc-extra-documents">
      <p className={styles.cardText}>{t('kyc:insufficient.intro', { max: MAX_EXTRA_DOCUMENTS })}</p>
      <div className={styles.grid}>
        {slots.map((slot, index) => (
          <DocumentDrop
            key={slot.key}
            item="extra"
            label={t('kyc:insufficient.document', { number: index + 1 })}
            imageId={slot.id}
            onChange={(id) => change(slot.key, id)}
            error={index === 0 ? extraError : undefined}
            testId={extraTestId(index)}
          />
        ))}
      </div>
      <Declaration
        checked={declared}
        onChange={(checked) => {
          setDeclared(checked);
          if (checked) setDeclarationError(undefined);
        }}
        error={declarationError}
      />
      {formError ? (
        <p role="alert" className={styles.formError} data-testid="kyc-form-error">
          {formError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <div className={styles.formActionsEnd}>
          <Button
            size="lg"
            onClick={resubmit}
            busy={save.isPending || submit.isPending}
            data-testid="kyc-resubmit"
          >
            {t('kyc:action.resubmit')}
          </Button>
        </div>
      </div>
    </SectionCard>
  );
}
