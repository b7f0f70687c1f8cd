import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { MESSAGE_KEYS } from '../../../i18n/error-keys';
import { ApiError } from '../../../services/http-client';
import {
  register as registerAccount,
  registerValidation,
  type RegisterResult,
} from '../../../services/member-auth';
import { ACCOUNT_TYPES, AuthError } from '../../../shared/api/auth';
import { PartnerError } from '../../../shared/api/partner';
import type { Country } from '../../../shared/api/common';
import { AccountMessage, REFERRAL_CODE_PATTERN } from '../../../shared/validation/account';
import { useCountryList } from '../api/use-country-list';
import { CaptchaProgress } from '../captcha/captcha-progress';
import { useCaptcha } from '../captcha/use-captcha';
import { paths } from '../../../lib/paths';
import { useErrorText } from '../hooks/use-error-text';
import { useFieldError } from '../hooks/use-field-error';
import {
  createRegisterFormSchema,
  normalizeReferralCode,
  toE164,
  type RegisterFieldName,
  type RegisterFormValues,
} from '../utils/register-form';
import styles from './auth.module.css';

export interface Registered extends RegisterResult {
  /** the e-mail the account was registered with (identifies it for the verification calls) */
  account: string;
}

type ReferralStatus = 'idle' | 'checking' | 'valid' | 'invalid';

/** Server field paths (validation_failed `data.field`) -> form fields. */
const SERVER_FIELDS: Record<string, RegisterFieldName> = {
  accountType: 'accountType',
  userName: 'userName',
  email: 'email',
  mobile: 'phone',
  password: 'password',
  confirmPassword: 'confirmPassword',
  agreement: 'agreement',
  privacyPolicy: 'privacyPolicy',
  referralCode: 'referralCode',
  partnerCode: 'referralCode',
};

function defaultCountry(locale: string): string {
  return locale === 'zh-CN' ? 'CN' : 'TW';
}

/**
 * The registration form. Submitting runs the captcha, then `register` (device type 3); the
 * codes for the e-mail and the mobile are sent with it and `onRegistered` moves on to the
 * contact verification. `codeKind: 'partner'` (the partner sign-up): the code field is the
 * partner's code, sent as `partnerCode` so the server records the account as that partner's
 * referral, and a code no partner has is refused with the partner message.
 */
export function RegisterForm({
  referralCode = '',
  codeKind = 'referral',
  onRegistered,
}: {
  referralCode?: string;
  codeKind?: 'referral' | 'partner';
  onRegistered: (result: Registered) => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const captcha = useCaptcha();
  const countries = useCountryList();
  const ids = useId();
  const [formError, setFormError] = useState<unknown>(null);
  const [referral, setReferral] = useState<ReferralStatus>('idle');
  const referralCheck = useRef<{ code: string; result: Promise<boolean> } | null>(null);

  const dialCodes = useMemo(
    () =>
      new Map((countries.data ?? []).map((country: Country) => [country.code, country.dialCode])),
    [countries.data],
  );
  const schema = useMemo(
    () => createRegisterFormSchema((code) => dialCodes.get(code)),
    [dialCodes],
  );

  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      accountType: 'individual',
      userName: '',
      email: '',
      country: defaultCountry(i18n.language),
      phone: '',
      password: '',
      confirmPassword: '',
      agreement: false,
      privacyPolicy: false,
      referralCode,
    },
  });

  /** Asks the server whether a referral code exists (once per code); true when it may be sent. */
  function checkReferral(): Promise<boolean> {
    const code = normalizeReferralCode(getValues('referralCode'));
    if (code === '') {
      setReferral('idle');
      return Promise.resolve(true);
    }
    if (!REFERRAL_CODE_PATTERN.test(code)) {
      setReferral('invalid');
      return Promise.resolve(false);
    }
    if (referralCheck.current?.code === code) return referralCheck.current.result;
    setReferral('checking');
    const result = registerValidation({ field: 'referralCode', value: code }).then(
      (answer) => {
        if (referralCheck.current?.code === code) setReferral(answer.valid ? 'valid' : 'invalid');
        return answer.valid;
      },
      () => {
        // unknown: the registration itself checks the code again
        if (referralCheck.current?.code === code) {
          referralCheck.current = null;
          setReferral('idle');
        }
        return true;
      },
    );
    referralCheck.current = { code, result };
    return result;
  }

  function applyServerError(error: unknown): void {
    if (!(error instanceof ApiError)) {
      setFormError(error);
      return;
    }
    if (error.message === AuthError.emailTaken) {
      setError('email', { message: AuthError.emailTaken }, { shouldFocus: true });
      return;
    }
    if (error.message === AuthError.referralInvalid) {
      setReferral('invalid');
      return;
    }
    const data = error.data as { field?: unknown; issues?: { message?: unknown }[] } | null;
    const field = typeof data?.field === 'string' ? SERVER_FIELDS[data.field] : undefined;
    if (field) {
      const message = data?.issues?.[0]?.message;
      setError(
        field,
        { message: typeof message === 'string' && MESSAGE_KEYS[message] ? message : error.message },
        { shouldFocus: true },
      );
      return;
    }
    setFormError(error);
  }

  const partner = codeKind === 'partner';
  const codeFields = (code: string) =>
    partner ? (code === '' ? {} : { partnerCode: code }) : { referralCode: code };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!(await checkReferral())) return;
    try {
      const solution = await captcha.solve();
      const email = values.email.trim();
      const result = await registerAccount({
        accountType: values.accountType,
        userName: values.userName.trim(),
        email,
        mobile: toE164(dialCodes.get(values.country) ?? '', values.phone),
        password: values.password,
        confirmPassword: values.confirmPassword,
        agreement: true,
        privacyPolicy: true,
        ...codeFields(normalizeReferralCode(values.referralCode)),
        captcha: solution,
      });
      onRegistered({ ...result, account: result.email });
    } catch (error) {
      applyServerError(error);
    }
  });

  const livePassword = () => {
    const fields: RegisterFieldName[] = ['password'];
    if (getValues('confirmPassword') !== '') fields.push('confirmPassword');
    void trigger(fields);
  };

  const legal = (href: string, children?: ReactNode) => (
    <Link to={href} className={styles.link} target="_blank" rel="noopener">
      {children}
    </Link>
  );

  const countryOptions = countries.data
    ? countries.data.map((country) => ({
        value: country.code,
        label: `${country.name} (${country.dialCode})`,
      }))
    : [{ value: getValues('country'), label: t('auth:register.countriesLoading') }];

  const referralError =
    errors.referralCode?.message ??
    (referral === 'invalid'
      ? partner
        ? PartnerError.unknownCode
        : AccountMessage.referralInvalid
      : undefined);
  const busy = isSubmitting;

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} data-testid="register-form">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('auth:register.accountType')}</legend>
        <div className={styles.choices}>
          {ACCOUNT_TYPES.map((type) => (
            <label key={type} className={styles.choice}>
              <input
                type="radio"
                value={type}
                data-testid={`register-type-${type}`}
                {...register('accountType')}
              />
              {t(`auth:register.type.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('auth:field.userName')}
        autoComplete="nickname"
        required
        error={fieldError(errors.userName?.message)}
        data-testid="register-username"
        {...register('userName')}
      />
      <TextField
        label={t('auth:field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldError(errors.email?.message)}
        data-testid="register-email"
        {...register('email')}
      />
      <div className={styles.phone}>
        <SelectField
          label={t('auth:field.country')}
          options={countryOptions}
          disabled={!countries.data}
          autoComplete="tel-country-code"
          data-testid="register-country"
          {...register('country')}
        />
        <TextField
          label={t('auth:field.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          error={fieldError(errors.phone?.message)}
          data-testid="register-mobile"
          {...register('phone')}
        />
      </div>
      {countries.isError ? (
        <p className={styles.formError} role="alert">
          {errorText(countries.error)}{' '}
          <Button variant="ghost" size="sm" onClick={() => countries.refetch()}>
            {t('auth:retry')}
          </Button>
        </p>
      ) : null}
      <TextField
        label={t('auth:field.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth:field.passwordHint')}
        error={fieldError(errors.password?.message)}
        data-testid="register-password"
        {...register('password', { onChange: livePassword })}
      />
      <TextField
        label={t('auth:field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.confirmPassword?.message)}
        data-testid="register-confirm-password"
        {...register('confirmPassword', { onChange: livePassword })}
      />
      <TextField
        label={partner ? t('auth:field.partnerCode') : t('auth:field.referralCode')}
        autoComplete="off"
        autoCapitalize="characters"
        hint={
          referral === 'checking'
            ? t('auth:register.referralChecking')
            : referral === 'valid'
              ? t('auth:register.referralValid')
              : partner
                ? t('auth:register.partnerCodeHint')
                : t('auth:register.referralOptional')
        }
        error={fieldError(referralError)}
        data-testid="register-referral"
        {...register('referralCode', {
          onChange: () => {
            referralCheck.current = null;
            setReferral('idle');
          },
          onBlur: () => void checkReferral(),
        })}
      />
      <div className={styles.fieldset}>
        <label className={styles.check}>
          <input
            type="checkbox"
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? `${ids}-agreement-error` : undefined}
            data-testid="register-agreement"
            {...register('agreement')}
          />
          <span>
            <Trans
              t={t}
              i18nKey="auth:register.agreement"
              components={{ doc: legal(paths.UserAgreement.getHref()) }}
            />
          </span>
        </label>
        {errors.agreement ? (
          <p id={`${ids}-agreement-error`} className={styles.fieldError}>
            {fieldError(errors.agreement.message)}
          </p>
        ) : null}
        <label className={styles.check}>
          <input
            type="checkbox"
            aria-invalid={errors.privacyPolicy ? true : undefined}
            aria-describedby={errors.privacyPolicy ? `${ids}-privacy-error` : undefined}
            data-testid="register-privacy"
            {...register('privacyPolicy')}
          />
          <span>
            <Trans
              t={t}
              i18nKey="auth:register.privacy"
              components={{ doc: legal(paths.PrivacyPolicy.getHref()) }}
            />
          </span>
        </label>
        {errors.privacyPolicy ? (
          <p id={`${ids}-privacy-error`} className={styles.fieldError}>
            {fieldError(errors.privacyPolicy.message)}
          </p>
        ) : null}
      </div>
      <CaptchaProgress
        phase={captcha.phase}
        progress={captcha.progress}
        onCancel={captcha.cancel}
      />
      {errorText(formError) ? (
        <p className={styles.formError} role="alert" data-testid="register-error">
          {errorText(formError)}
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth busy={busy} data-testid="register-submit">
        {t('auth:register.submit')}
      </Button>
    </form>
  );
}
