import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FileDrop } from '../../../components/file-drop';
import { SelectField } from '../../../components/select-field';
import { INVESTABLE_ASSETS, UPLOAD_MAX_MB } from '../../../shared/api/kyc';
import { useSubmitPremierApplication, useUploadAssetProof } from '../api/use-premier-application';
import { useErrorText } from '../hooks/use-error-text';
import {
  premierFormSchema,
  type PremierFormInput,
  type PremierFormValues,
} from '../utils/premier-form';
import styles from './account.module.css';

/**
 * The premier application form (state `email_sent`): investable assets, a proof of assets (an
 * image, uploaded as soon as it is chosen through `uploadImage`; the form sends its id) and the
 * professional investor declaration; sent with `applyForKYC2`. Afterwards the application is
 * under review and the card shows that state.
 */
export function PremierApplicationForm() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const upload = useUploadAssetProof();
  const submit = useSubmitPremierApplication();
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PremierFormInput, unknown, PremierFormValues>({
    resolver: zodResolver(premierFormSchema),
    defaultValues: { assetProofImageId: '' },
  });

  async function uploadProof(file: File, onProgress: (fraction: number) => void) {
    setUploadError(null);
    setValue('assetProofImageId', '');
    try {
      const image = await upload.mutateAsync({ file, onProgress });
      setValue('assetProofImageId', image.imageId, { shouldValidate: true });
    } catch (failure) {
      setUploadError(failure);
      throw failure;
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await submit.mutateAsync(values);
    } catch (failure) {
      setSubmitError(failure);
    }
  });

  const proofMessage =
    errorText(uploadError) ??
    (errors.assetProofImageId ? t('premier.form.proofRequired') : undefined);
  const submitMessage = errorText(submitError);

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} data-testid="premier-form">
      <SelectField
        label={t('premier.form.assets')}
        required
        options={[
          { value: '', label: t('premier.assets.placeholder') },
          ...INVESTABLE_ASSETS.map((band) => ({
            value: band,
            label: t(`premier.assets.${band}`),
          })),
        ]}
        error={errors.investableAssets ? t('premier.form.assetsRequired') : undefined}
        data-testid="premier-assets"
        {...register('investableAssets')}
      />

      <FileDrop
        label={t('premier.form.proof')}
        hint={t('premier.form.proofHint')}
        required
        error={proofMessage}
        onUpload={uploadProof}
        onRemove={() => setValue('assetProofImageId', '')}
        maxSizeMb={UPLOAD_MAX_MB}
        disabled={isSubmitting}
        data-testid="premier-proof"
      />

      <div>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            aria-invalid={errors.professionalInvestor ? true : undefined}
            data-testid="premier-declaration"
            {...register('professionalInvestor')}
          />
          <span>{t('premier.form.declaration')}</span>
        </label>
        {errors.professionalInvestor ? (
          <p className={styles.formError} data-testid="premier-declaration-error">
            {t('premier.form.declarationRequired')}
          </p>
        ) : null}
      </div>

      {submitMessage ? (
        <p className={styles.formError} role="alert" data-testid="premier-submit-error">
          {submitMessage}
        </p>
      ) : null}
      <div>
        <Button
          type="submit"
          busy={isSubmitting}
          disabled={upload.isPending}
          data-testid="premier-submit"
        >
          {t('premier.form.submit')}
        </Button>
      </div>
    </form>
  );
}
