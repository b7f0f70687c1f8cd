import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { countryName } from '../../../components/country-select';
import type { KycDocuments, KycPersonal } from '../../../shared/api/kyc';
import { KycMessage } from '../../../shared/validation/kyc';
import { useDocIssuePlaces } from '../api/use-doc-issue-places';
import { useKycImagePreview } from '../api/use-kyc-image-preview';
import { useSubmitKyc } from '../api/use-kyc-writes';
import { useFieldMessage } from '../hooks/use-field-message';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import { showFormDate } from '../utils/dates';
import { PERSONAL_FIELDS, type PersonalFieldName } from '../utils/personal-form';
import { documentItemsFor, type DocumentItem } from '../utils/steps';
import { Declaration } from './declaration';
import styles from './kyc.module.css';
import { useIsMarked } from './marked-item';

function Thumb({ item, imageId }: { item: DocumentItem; imageId: string | undefined }) {
  const { t } = useTranslation('kyc');
  const preview = useKycImagePreview(imageId);
  const label = t(`documents.${item}`);
  return (
    <li className={styles.thumb} data-testid={`kyc-review-${item}`}>
      {preview.url ? (
        <img className={styles.thumbImage} src={preview.url} alt={label} />
      ) : (
        <span className={styles.thumbImage} role="img" aria-label={label} />
      )}
      <span>{label}</span>
    </li>
  );
}

function SummaryItem({ name, children }: { name: PersonalFieldName; children: ReactNode }) {
  const { t } = useTranslation('kyc');
  const marked = useIsMarked(name);
  return (
    <div className={`${styles.summaryItem} ${marked ? styles.marked : ''}`}>
      <dt>{t(`field.${name}`)}</dt>
      <dd data-testid={`kyc-review-${name}`}>{children}</dd>
    </div>
  );
}

/**
 * Step 3: everything saved, the declaration, and the submit (verifyLevelThree). `resubmit`
 * labels it for a corrected application (state rejected).
 */
export function ReviewStep({
  personal,
  documents,
  resubmit,
  onEdit,
  onBack,
  onSubmitted,
}: {
  personal: KycPersonal;
  documents: KycDocuments;
  resubmit: boolean;
  onEdit: (step: 'personal' | 'documents') => void;
  onBack: () => void;
  onSubmitted: () => void;
}) {
  const { t, i18n } = useTranslation(['kyc', 'common']);
  const fieldMessage = useFieldMessage();
  const errorText = useKycErrorText();
  const submit = useSubmitKyc();
  const places = useDocIssuePlaces();
  const [declared, setDeclared] = useState(false);
  const [declarationError, setDeclarationError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  const value = (name: PersonalFieldName): string => {
    const raw = personal[name];
    if (raw === undefined || raw === '') return '—';
    switch (name) {
      case 'idType':
      case 'issueType':
      case 'accountPurpose':
        return t(`kyc:option.${name}.${raw}` as 'kyc:option.idType.passport');
      case 'issueDate':
      case 'expirationDate':
      case 'dateOfBirth':
        return showFormDate(raw);
      case 'nationality':
      case 'countryOfResidence':
        return countryName(raw, i18n.language);
      case 'issuePlace': {
        const place = places.data?.find((entry) => entry.code === raw);
        if (!place) return raw;
        return i18n.language.startsWith('zh') || !place.nameEn ? place.name : place.nameEn;
      }
      default:
        return raw;
    }
  };

  async function send() {
    if (submit.isPending) return;
    setFormError(undefined);
    if (!declared) {
      setDeclarationError(fieldMessage(KycMessage.declarationRequired));
      return;
    }
    try {
      await submit.mutateAsync();
      onSubmitted();
    } catch (failure) {
      setFormError(errorText(failure));
    }
  }

  const shown = PERSONAL_FIELDS.filter((name) => personal[name] !== undefined);

  return (
    <div className={styles.form} data-testid="kyc-review">
      <section className={styles.section} aria-labelledby="kyc-review-personal">
        <div className={styles.sectionHeader}>
          <h2 id="kyc-review-personal" className={styles.sectionTitle}>
            {t('kyc:steps.personal')}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit('personal')}
            data-testid="kyc-review-edit-personal"
          >
            {t('kyc:action.change')}
          </Button>
        </div>
        <dl className={styles.summary}>
          {shown.map((name) => (
            <SummaryItem key={name} name={name}>
              {value(name)}
            </SummaryItem>
          ))}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="kyc-review-documents">
        <div className={styles.sectionHeader}>
          <h2 id="kyc-review-documents" className={styles.sectionTitle}>
            {t('kyc:steps.documents')}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit('documents')}
            data-testid="kyc-review-edit-documents"
          >
            {t('kyc:action.change')}
          </Button>
        </div>
        <ul className={styles.thumbs}>
          {documentItemsFor(personal.idType).map((item) => (
            <Thumb key={item} item={item} imageId={documents[`${item}Id`]} />
          ))}
        </ul>
      </section>
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
        <Button variant="secondary" size="lg" onClick={onBack} data-testid="kyc-step-back">
          {t('common:button.back')}
        </Button>
        <div className={styles.formActionsEnd}>
          <Button
            size="lg"
            onClick={send}
            busy={submit.isPending}
            data-testid={resubmit ? 'kyc-resubmit' : 'kyc-submit'}
          >
            {resubmit ? t('kyc:action.resubmit') : t('kyc:action.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}
