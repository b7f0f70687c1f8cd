import { zodResolver } from '@hookform/resolvers/zod';
import { CountryField } from './country-field';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { SectionCard } from '../../../components/section-card';
import { TextAreaField, TextField } from '../../../components/text-field';
import type { KycForm } from '../../../shared/api/kyc';
import { useApplyBusiness } from '../api/use-kyc-writes';
import { DOCUMENT_REQUIRED, useFieldMessage } from '../hooks/use-field-message';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import {
  BUSINESS_DOCUMENTS,
  BUSINESS_MAX_LENGTH,
  BUSINESS_TEXT_FIELDS,
  businessDocumentIds,
  businessFormSchema,
  businessFormValues,
  toBusinessBody,
  type BusinessDocument,
  type BusinessDocumentIds,
  type BusinessFieldName,
  type BusinessFormValues,
  type BusinessTextField,
} from '../utils/business-form';
import { fieldIssues, itemOfField } from '../utils/server-errors';
import { Declaration } from './declaration';
import { DocumentDrop } from './document-drop';
import styles from './kyc.module.css';
import { MarkedItem } from './marked-item';

const FORM_FIELDS: readonly string[] = [...BUSINESS_TEXT_FIELDS, 'countryOfIncorporation'];

/**
 * The institutional application (accountType institutional): company fields, the six company
 * documents and the declaration, saved and submitted at once with applyBusinessVerify.
 * `resubmit` labels it for a corrected application (rejected / insufficient).
 */
export function BusinessForm({
  form,
  resubmit,
  onSubmitted,
  onCancel,
}: {
  form: KycForm;
  resubmit: boolean;
  onSubmitted: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['kyc', 'common']);
  const fieldMessage = useFieldMessage();
  const errorText = useKycErrorText();
  const apply = useApplyBusiness();
  const [documents, setDocuments] = useState<Partial<BusinessDocumentIds>>(() =>
    businessDocumentIds(form.business),
  );
  const [documentErrors, setDocumentErrors] = useState<Partial<Record<BusinessDocument, string>>>(
    {},
  );
  const [formError, setFormError] = useState<string | undefined>();

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BusinessFormValues>({
    resolver: zodResolver(businessFormSchema),
    mode: 'onTouched',
    defaultValues: businessFormValues(form.business),
  });

  const missingDocuments = () => BUSINESS_DOCUMENTS.filter((name) => !documents[name]);

  const onSubmit = handleSubmit(
    async (values) => {
      if (apply.isPending) return;
      setFormError(undefined);
      const missing = missingDocuments();
      if (missing.length > 0) {
        setDocumentErrors(Object.fromEntries(missing.map((name) => [name, DOCUMENT_REQUIRED])));
        return;
      }
      const body = toBusinessBody(values, documents);
      if (!body) {
        setFormError(t('kyc:validation.invalid'));
        return;
      }
      try {
        await apply.mutateAsync(body);
        onSubmitted();
      } catch (failure) {
        const issues = fieldIssues(failure);
        const placedDocuments: Partial<Record<BusinessDocument, string>> = {};
        let placed = 0;
        for (const issue of issues) {
          const item = itemOfField(issue.field);
          if ((BUSINESS_DOCUMENTS as readonly string[]).includes(item)) {
            placedDocuments[item as BusinessDocument] = issue.message;
            placed += 1;
          } else if (FORM_FIELDS.includes(item) || item === 'declaration') {
            setError(
              item as BusinessFieldName,
              { message: issue.message },
              { shouldFocus: placed === 0 },
            );
            placed += 1;
          }
        }
        setDocumentErrors(placedDocuments);
        if (placed === 0) setFormError(errorText(failure));
      }
    },
    () => {
      // the documents are checked with the fields, so every problem shows at once
      const missing = missingDocuments();
      setDocumentErrors(Object.fromEntries(missing.map((name) => [name, DOCUMENT_REQUIRED])));
    },
  );

  const message = (name: BusinessTextField | 'countryOfIncorporation') =>
    fieldMessage(
      errors[name]?.message,
      name === 'countryOfIncorporation' ? undefined : BUSINESS_MAX_LENGTH[name],
    );
  const text = (name: BusinessTextField, wide = false) => (
    <MarkedItem item={name} className={wide ? styles.wide : undefined}>
      {name === 'registeredAddress' ? (
        <TextAreaField
          label={t(`kyc:business.${name}`)}
          required
          rows={2}
          error={message(name)}
          data-testid={`kyc-field-${name}`}
          {...register(name)}
        />
      ) : (
        <TextField
          label={t(`kyc:business.${name}`)}
          required
          error={message(name)}
          data-testid={`kyc-field-${name}`}
          {...register(name)}
        />
      )}
    </MarkedItem>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="kyc-business-form">
      <SectionCard title={t('kyc:business.company')}>
        <div className={styles.grid}>
          {text('companyName')}
          {text('registrationNumber')}
          <MarkedItem item="countryOfIncorporation">
            <CountryField
              control={control}
              name="countryOfIncorporation"
              label={t('kyc:business.countryOfIncorporation')}
              error={message('countryOfIncorporation')}
              testId="kyc-field-countryOfIncorporation"
            />
          </MarkedItem>
          {text('representativeName')}
          {text('representativeTitle')}
          {text('registeredAddress', true)}
        </div>
      </SectionCard>

      <SectionCard title={t('kyc:business.documents')}>
        <p className={styles.cardText}>{t('kyc:business.documentsIntro')}</p>
        <div className={styles.grid}>
          {BUSINESS_DOCUMENTS.map((name) => (
            <DocumentDrop
              key={name}
              item={name}
              label={t(`kyc:item.${name}`)}
              required
              imageId={documents[name] ?? null}
              onChange={(imageId) => {
                setDocuments((previous) => ({ ...previous, [name]: imageId ?? undefined }));
                setDocumentErrors((previous) => ({ ...previous, [name]: undefined }));
              }}
              error={fieldMessage(documentErrors[name])}
            />
          ))}
        </div>
      </SectionCard>

      <Controller
        control={control}
        name="declaration"
        render={({ field }) => (
          <Declaration
            checked={field.value}
            onChange={field.onChange}
            error={fieldMessage(errors.declaration?.message)}
          />
        )}
      />
      {formError ? (
        <p role="alert" className={styles.formError} data-testid="kyc-form-error">
          {formError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        {onCancel ? (
          <Button variant="ghost" size="lg" onClick={onCancel} data-testid="kyc-edit-cancel">
            {t('kyc:action.cancelEdit')}
          </Button>
        ) : null}
        <div className={styles.formActionsEnd}>
          <Button
            type="submit"
            size="lg"
            busy={apply.isPending}
            data-testid={resubmit ? 'kyc-resubmit' : 'kyc-submit'}
          >
            {resubmit ? t('kyc:action.resubmit') : t('kyc:action.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
