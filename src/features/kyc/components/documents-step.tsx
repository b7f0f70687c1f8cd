import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { kycDocumentsSchema, type KycDocuments } from '../../../shared/api/kyc';
import { useSaveDocuments } from '../api/use-kyc-writes';
import { DOCUMENT_REQUIRED, useFieldMessage } from '../hooks/use-field-message';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import { platformToday, showFormDate } from '../utils/dates';
import { fieldIssues, itemOfField } from '../utils/server-errors';
import { DOCUMENT_ITEMS, documentItemsFor, type DocumentItem } from '../utils/steps';
import { DocumentDrop } from './document-drop';
import styles from './kyc.module.css';

type DocumentIds = Record<DocumentItem, string | null>;

function idsFrom(saved: KycDocuments | null): DocumentIds {
  return {
    frontImage: saved?.frontImageId ?? null,
    backImage: saved?.backImageId ?? null,
    selfieImage: saved?.selfieImageId ?? null,
    secondIdImage: saved?.secondIdImageId ?? null,
  };
}

/**
 * Step 2: the documents (front, back except for a passport, the selfie holding the document
 * with a dated note, a second ID). Each photo uploads when it is picked; "Save and continue"
 * saves the image ids with modifyLevelTwo (extra documents already saved are kept).
 */
export function DocumentsStep({
  saved,
  idType,
  onBack,
  onSaved,
}: {
  saved: KycDocuments | null;
  idType: string | undefined;
  onBack: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['kyc', 'common']);
  const fieldMessage = useFieldMessage();
  const errorText = useKycErrorText();
  const save = useSaveDocuments();
  const [ids, setIds] = useState<DocumentIds>(() => idsFrom(saved));
  const [errors, setErrors] = useState<Partial<Record<DocumentItem, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const items = documentItemsFor(idType);

  function change(item: DocumentItem, imageId: string | null) {
    setIds((previous) => ({ ...previous, [item]: imageId }));
    setErrors((previous) => ({ ...previous, [item]: undefined }));
  }

  async function submit() {
    if (save.isPending) return;
    setFormError(undefined);
    const missing = items.filter((item) => !ids[item]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((item) => [item, DOCUMENT_REQUIRED])));
      document
        .querySelector<HTMLElement>(`[data-testid="kyc-upload-${missing[0]}-choose"]`)
        ?.focus();
      return;
    }
    const parsed = kycDocumentsSchema.safeParse({
      frontImageId: ids.frontImage,
      backImageId: items.includes('backImage') ? ids.backImage : undefined,
      selfieImageId: ids.selfieImage,
      secondIdImageId: ids.secondIdImage,
      extraImageIds: saved?.extraImageIds,
    });
    if (!parsed.success) {
      setFormError(t('kyc:validation.invalid'));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      onSaved();
    } catch (failure) {
      const issues = fieldIssues(failure);
      const placed: Partial<Record<DocumentItem, string>> = {};
      for (const issue of issues) {
        const item = itemOfField(issue.field) as DocumentItem;
        if ((DOCUMENT_ITEMS as readonly string[]).includes(item)) placed[item] = issue.message;
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0) setFormError(errorText(failure));
    }
  }

  const text = (item: DocumentItem) => {
    const value = errors[item];
    return value === undefined ? undefined : fieldMessage(value);
  };

  return (
    <div className={styles.form} data-testid="kyc-documents-form">
      <p className={styles.cardText}>{t('kyc:documents.intro')}</p>
      <div className={styles.grid}>
        <DocumentDrop
          item="frontImage"
          label={t('kyc:documents.frontImage')}
          hint={t('kyc:documents.frontHint')}
          required
          imageId={ids.frontImage}
          onChange={(id) => change('frontImage', id)}
          error={text('frontImage')}
        />
        {items.includes('backImage') ? (
          <DocumentDrop
            item="backImage"
            label={t('kyc:documents.backImage')}
            hint={t('kyc:documents.backHint')}
            required
            imageId={ids.backImage}
            onChange={(id) => change('backImage', id)}
            error={text('backImage')}
          />
        ) : null}
        <DocumentDrop
          item="selfieImage"
          className={styles.wide}
          label={t('kyc:documents.selfieImage')}
          hint={
            <span data-testid="kyc-selfie-note">
              {t('kyc:documents.selfieHint', { date: showFormDate(platformToday()) })}
            </span>
          }
          required
          imageId={ids.selfieImage}
          onChange={(id) => change('selfieImage', id)}
          error={text('selfieImage')}
        />
        <DocumentDrop
          item="secondIdImage"
          className={styles.wide}
          label={t('kyc:documents.secondIdImage')}
          hint={t('kyc:documents.secondIdHint')}
          required
          imageId={ids.secondIdImage}
          onChange={(id) => change('secondIdImage', id)}
          error={text('secondIdImage')}
        />
      </div>
      {formError ? (
        <p role="alert" className={styles.formError} data-testid="kyc-form-error">
          {formError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button variant="secondary" size="lg" onClick={onBack} data-testid="kyc-step-back">
          {t('common:button.back')}
        </Button>
        <div className={styles.formActionsEnd}>
          <Button size="lg" onClick={submit} busy={save.isPending} data-testid="kyc-step-next">
            {t('kyc:action.saveAndContinue')}
          </Button>
        </div>
      </div>
    </div>
  );
}
