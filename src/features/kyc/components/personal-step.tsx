import { zodResolver } from '@hookform/resolvers/zod';
import { CountryField } from './country-field';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { DateInput } from '../../../components/date-input';
import { SelectField } from '../../../components/select-field';
import { TextAreaField, TextField } from '../../../components/text-field';
import { ACCOUNT_PURPOSES, ID_TYPES, ISSUE_TYPES, type KycPersonal } from '../../../shared/api/kyc';
import { useDocIssuePlaces } from '../api/use-doc-issue-places';
import { useSavePersonal } from '../api/use-kyc-writes';
import { useFieldMessage } from '../hooks/use-field-message';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import { platformToday } from '../utils/dates';
import {
  PERSONAL_FIELDS,
  PERSONAL_MAX_LENGTH,
  createPersonalFormSchema,
  needsExpirationDate,
  needsNationalId,
  needsPassportNumber,
  personalFormValues,
  toPersonalBody,
  usesTaiwanIssuePlaces,
  type PersonalFieldName,
  type PersonalFormValues,
} from '../utils/personal-form';
import { fieldIssues, itemOfField } from '../utils/server-errors';
import styles from './kyc.module.css';
import { MarkedItem } from './marked-item';

const testId = (name: string) => `kyc-field-${name}`;

/**
 * Step 1: the personal part, saved with modifyLevelOne; `onSaved` moves on once the server
 * has it. Refusals naming a field (400 `validation_failed`) are shown on that field.
 */
export function PersonalStep({
  saved,
  onSaved,
}: {
  saved: KycPersonal | null;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation(['kyc', 'common']);
  const fieldMessage = useFieldMessage();
  const errorText = useKycErrorText();
  const save = useSavePersonal();
  const places = useDocIssuePlaces();
  const [formError, setFormError] = useState<string | undefined>();
  const schema = useMemo(() => createPersonalFormSchema(platformToday()), []);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PersonalFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: personalFormValues(saved),
  });

  const [idType, nationality, sameAddress, residentialAddress] = useWatch({
    control,
    name: ['idType', 'nationality', 'sameAddress', 'residentialAddress'],
  });
  const showNationalId = needsNationalId({ idType, nationality });
  const showPassport = needsPassportNumber({ idType });
  const showExpiration = needsExpirationDate({ idType });
  const taiwanPlaces = usesTaiwanIssuePlaces({ idType });
  const placeCodes = useMemo(
    () => new Set((places.data ?? []).map((place) => place.code)),
    [places.data],
  );

  // the issue place switches between the Taiwan list and free text: drop a value of the other kind
  useEffect(() => {
    if (!places.data) return;
    const current = getValues('issuePlace');
    if (current === '') return;
    if (taiwanPlaces !== placeCodes.has(current)) setValue('issuePlace', '');
  }, [taiwanPlaces, placeCodes, places.data, getValues, setValue]);

  const message = (name: PersonalFieldName) =>
    fieldMessage(errors[name]?.message, PERSONAL_MAX_LENGTH[name]);

  function applyServerError(failure: unknown) {
    const issues = fieldIssues(failure);
    let focused = false;
    let unplaced = false;
    for (const issue of issues) {
      const field = itemOfField(issue.field) as PersonalFieldName;
      if ((PERSONAL_FIELDS as readonly string[]).includes(field)) {
        setError(field, { message: issue.message }, { shouldFocus: !focused });
        focused = true;
      } else {
        unplaced = true;
      }
    }
    if (issues.length === 0 || unplaced) setFormError(errorText(failure));
  }

  const onSubmit = handleSubmit(async (values) => {
    if (save.isPending) return;
    setFormError(undefined);
    const result = toPersonalBody(values);
    if (!result.ok) {
      result.issues.forEach((issue, index) =>
        setError(issue.field, { message: issue.message }, { shouldFocus: index === 0 }),
      );
      return;
    }
    try {
      await save.mutateAsync(result.body);
      onSaved();
    } catch (failure) {
      applyServerError(failure);
    }
  });

  const option = (group: string, value: string) => ({
    value,
    label: t(`kyc:option.${group}.${value}` as 'kyc:option.idType.passport'),
  });
  const placeholder = { value: '', label: t('kyc:field.choose') };
  const placeLabel = (place: { name: string; nameEn?: string }) =>
    i18n.language.startsWith('zh') || !place.nameEn
      ? place.name
      : `${place.nameEn} (${place.name})`;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="kyc-personal-form">
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('kyc:personal.document')}</legend>
        <div className={styles.grid}>
          <MarkedItem item="idType">
            <SelectField
              label={t('kyc:field.idType')}
              required
              options={[placeholder, ...ID_TYPES.map((value) => option('idType', value))]}
              error={message('idType')}
              data-testid={testId('idType')}
              {...register('idType')}
            />
          </MarkedItem>
          {showNationalId ? (
            <MarkedItem item="nationalIdNumber">
              <TextField
                label={t('kyc:field.nationalIdNumber')}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={t('kyc:hint.nationalIdNumber')}
                error={message('nationalIdNumber')}
                data-testid={testId('nationalIdNumber')}
                {...register('nationalIdNumber')}
              />
            </MarkedItem>
          ) : null}
          {showPassport ? (
            <MarkedItem item="passportNumber">
              <TextField
                label={t('kyc:field.passportNumber')}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                error={message('passportNumber')}
                data-testid={testId('passportNumber')}
                {...register('passportNumber')}
              />
            </MarkedItem>
          ) : null}
          <MarkedItem item="surname">
            <TextField
              label={t('kyc:field.surname')}
              required
              autoComplete="family-name"
              hint={t('kyc:hint.asOnId')}
              error={message('surname')}
              data-testid={testId('surname')}
              {...register('surname')}
            />
          </MarkedItem>
          <MarkedItem item="givenName">
            <TextField
              label={t('kyc:field.givenName')}
              required
              autoComplete="given-name"
              hint={t('kyc:hint.asOnId')}
              error={message('givenName')}
              data-testid={testId('givenName')}
              {...register('givenName')}
            />
          </MarkedItem>
          <MarkedItem item="issueDate">
            <DateInput
              label={t('kyc:field.issueDate')}
              required
              error={message('issueDate')}
              data-testid={testId('issueDate')}
              {...register('issueDate')}
            />
          </MarkedItem>
          <MarkedItem item="issueType">
            <SelectField
              label={t('kyc:field.issueType')}
              required
              options={[placeholder, ...ISSUE_TYPES.map((value) => option('issueType', value))]}
              error={message('issueType')}
              data-testid={testId('issueType')}
              {...register('issueType')}
            />
          </MarkedItem>
          <MarkedItem item="issuePlace">
            {taiwanPlaces ? (
              <SelectField
                label={t('kyc:field.issuePlace')}
                required
                options={[
                  places.isPending ? { value: '', label: t('common:status.loading') } : placeholder,
                  ...(places.data ?? []).map((place) => ({
                    value: place.code,
                    label: placeLabel(place),
                  })),
                ]}
                hint={places.isError ? undefined : t('kyc:hint.issuePlaceTw')}
                error={
                  message('issuePlace') ??
                  (places.isError ? t('kyc:personal.placesFailed') : undefined)
                }
                data-testid={testId('issuePlace')}
                {...register('issuePlace')}
              />
            ) : (
              <TextField
                label={t('kyc:field.issuePlace')}
                required
                hint={t('kyc:hint.issuePlaceOther')}
                error={message('issuePlace')}
                data-testid={testId('issuePlace')}
                {...register('issuePlace')}
              />
            )}
            {taiwanPlaces && places.isError ? (
              <Button variant="ghost" size="sm" onClick={() => places.refetch()}>
                {t('common:button.retry')}
              </Button>
            ) : null}
          </MarkedItem>
          {showExpiration ? (
            <MarkedItem item="expirationDate">
              <DateInput
                label={t('kyc:field.expirationDate')}
                required
                error={message('expirationDate')}
                data-testid={testId('expirationDate')}
                {...register('expirationDate')}
              />
            </MarkedItem>
          ) : null}
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('kyc:personal.about')}</legend>
        <div className={styles.grid}>
          <MarkedItem item="nationality">
            <CountryField
              control={control}
              name="nationality"
              label={t('kyc:field.nationality')}
              error={message('nationality')}
              testId={testId('nationality')}
            />
          </MarkedItem>
          <MarkedItem item="countryOfResidence">
            <CountryField
              control={control}
              name="countryOfResidence"
              label={t('kyc:field.countryOfResidence')}
              error={message('countryOfResidence')}
              testId={testId('countryOfResidence')}
            />
          </MarkedItem>
          <MarkedItem item="placeOfBirth">
            <TextField
              label={t('kyc:field.placeOfBirth')}
              required
              hint={t('kyc:hint.placeOfBirth')}
              error={message('placeOfBirth')}
              data-testid={testId('placeOfBirth')}
              {...register('placeOfBirth')}
            />
          </MarkedItem>
          <MarkedItem item="dateOfBirth">
            <DateInput
              label={t('kyc:field.dateOfBirth')}
              required
              autoComplete="bday"
              error={message('dateOfBirth')}
              data-testid={testId('dateOfBirth')}
              {...register('dateOfBirth')}
            />
          </MarkedItem>
          <MarkedItem item="residentialAddress" className={styles.wide}>
            <TextAreaField
              label={t('kyc:field.residentialAddress')}
              required
              rows={2}
              autoComplete="street-address"
              error={message('residentialAddress')}
              data-testid={testId('residentialAddress')}
              {...register('residentialAddress')}
            />
          </MarkedItem>
          <label className={`${styles.checkbox} ${styles.wide}`}>
            <input
              type="checkbox"
              data-testid={testId('sameAddress')}
              {...register('sameAddress')}
            />
            {t('kyc:field.sameAddress')}
          </label>
          <MarkedItem item="currentAddress" className={styles.wide}>
            {sameAddress ? (
              <TextAreaField
                label={t('kyc:field.currentAddress')}
                rows={2}
                readOnly
                value={residentialAddress}
                error={message('currentAddress')}
                data-testid={testId('currentAddress')}
              />
            ) : (
              <TextAreaField
                label={t('kyc:field.currentAddress')}
                required
                rows={2}
                error={message('currentAddress')}
                data-testid={testId('currentAddress')}
                {...register('currentAddress')}
              />
            )}
          </MarkedItem>
          <MarkedItem item="jobTitle">
            <TextField
              label={t('kyc:field.jobTitle')}
              required
              autoComplete="organization-title"
              error={message('jobTitle')}
              data-testid={testId('jobTitle')}
              {...register('jobTitle')}
            />
          </MarkedItem>
          <MarkedItem item="accountPurpose">
            <SelectField
              label={t('kyc:field.accountPurpose')}
              required
              options={[
                placeholder,
                ...ACCOUNT_PURPOSES.map((value) => option('accountPurpose', value)),
              ]}
              error={message('accountPurpose')}
              data-testid={testId('accountPurpose')}
              {...register('accountPurpose')}
            />
          </MarkedItem>
        </div>
      </fieldset>

      {formError ? (
        <p role="alert" className={styles.formError} data-testid="kyc-form-error">
          {formError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <div className={styles.formActionsEnd}>
          <Button
            type="submit"
            size="lg"
            busy={save.isPending || isSubmitting}
            data-testid="kyc-step-next"
          >
            {t('kyc:action.saveAndContinue')}
          </Button>
        </div>
      </div>
    </form>
  );
}
