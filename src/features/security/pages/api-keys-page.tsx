import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { DataTable, queryTableState } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { showProgressBar } from '../../../components/progress-bar-store';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import {
  refusalOf,
  useErrorText,
  type ErrorText,
  type Translate,
} from '../../../hooks/use-error-text';
import { useTwoFactorSettings } from '../../../hooks/use-two-factor-settings';
import { formatDateTime } from '../../../lib/date-format';
import {
  API_KEY_ACCOUNT_TYPES,
  API_KEY_EXCHANGES,
  API_KEY_NAME_MAX,
  ApiKeyError,
  ApiKeyFieldMessage,
  importApiKeyBodySchema,
  SUB_ACCOUNT_NAME_MAX,
  type ApiKey,
  type ApiKeyAccountType,
  type ApiKeyExchange,
  type ImportApiKeyBody,
} from '../../../shared/api/exchange-api-keys';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { useApiKeys, useCheckApiKey, useDeleteApiKey, useImportApiKey } from '../api/use-api-keys';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ReauthFields } from '../components/reauth-fields';
import pageStyles from './security-page.module.css';
import styles from './api-keys-page.module.css';

/** Every refusal of the API-key calls and their fields, in the member's words. */
const API_KEY_TEXTS = {
  [ApiKeyError.permissions]: 'security:apiKeys.error.permissions',
  [ApiKeyError.rejected]: 'security:apiKeys.error.rejected',
  [ApiKeyError.accountTaken]: 'security:apiKeys.error.accountTaken',
  [ApiKeyError.keyTaken]: 'security:apiKeys.error.keyTaken',
  [ApiKeyError.inUse]: 'security:apiKeys.error.inUse',
  [ApiKeyError.notFound]: 'security:apiKeys.error.notFound',
  [ApiKeyError.exchangeUnavailable]: 'security:apiKeys.error.exchangeUnavailable',
  [ApiKeyFieldMessage.nameRequired]: 'security:apiKeys.error.nameRequired',
  [ApiKeyFieldMessage.nameTooLong]: (_refusal, t) =>
    t('security:form.tooLong', { max: API_KEY_NAME_MAX }),
  [ApiKeyFieldMessage.keyInvalid]: 'security:apiKeys.error.keyFormat',
  [ApiKeyFieldMessage.secretInvalid]: 'security:apiKeys.error.secretFormat',
  [ApiKeyFieldMessage.subAccountRequired]: 'security:apiKeys.error.subAccountRequired',
  [ApiKeyFieldMessage.subAccountTooLong]: (_refusal, t) =>
    t('security:form.tooLong', { max: SUB_ACCOUNT_NAME_MAX }),
  [ApiKeyFieldMessage.passwordRequired]: 'security:apiKeys.error.passwordRequired',
} satisfies Record<
  ApiKeyError | (typeof ApiKeyFieldMessage)[keyof typeof ApiKeyFieldMessage],
  ErrorText
>;

const useApiKeyErrorText = () => useErrorText(API_KEY_TEXTS, ['security']);

/** A shared schema's field message (checked before sending) in the member's words. */
function useFieldText() {
  const { t } = useTranslation(['security', 'errors']);
  const translate = t as unknown as Translate;
  return (message: string) => {
    const text = (API_KEY_TEXTS as Partial<Record<string, ErrorText>>)[message];
    if (typeof text === 'function') return text({ message, data: null }, translate);
    return text ? translate(text) : translate('errors:validationFailed');
  };
}

type FormField = 'name' | 'apiKey' | 'secret' | 'subAccountName' | 'password';
const FORM_FIELDS: readonly FormField[] = [
  'name',
  'apiKey',
  'secret',
  'subAccountName',
  'password',
];

/**
 * /api-keys: the member's exchange API keys for mirror trading and lending (spec
 * platform-account-wallet section 2 "/api-keys", section 3 "API key"): exchange, name, the key
 * masked, account type and sub-account, status (correct, or incorrect with what to do), last
 * sync time; check a key now, delete one no subscription uses, and import one. An import asks
 * for the password again (and the current two-step code): a key lets the platform trade.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useApiKeyErrorText();
  const query = useApiKeys();
  const check = useCheckApiKey();
  const [importing, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);
  const remove = useDeleteApiKey();

  async function checkNow(key: ApiKey) {
    try {
      const checked = await check.mutateAsync(key.id);
      showProgressBar({
        type: checked.status === 'correct' ? 'success' : 'warn',
        text: t(`security:apiKeys.checked.${checked.status}`, { name: checked.name }),
        autoClose: 5000,
      });
    } catch (failure) {
      showProgressBar({ type: 'warn', text: errorText(failure) ?? t('common:error.description') });
    }
  }

  return (
    <div className={`${pageStyles.page} ${pageStyles.stack}`} data-testid="api-keys-page">
      <PageHeader
        title={t('security:apiKeys.title')}
        description={t('security:apiKeys.description')}
      />
      <SectionCard
        title={t('security:apiKeys.listTitle')}
        actions={
          importing ? null : (
            <Button onClick={() => setImporting(true)} data-testid="api-key-import-open">
              {t('security:apiKeys.import')}
            </Button>
          )
        }
        data-testid="api-key-list-card"
      >
        {importing ? (
          <ImportApiKeyForm
            onCancel={() => setImporting(false)}
            onDone={(key) => {
              setImporting(false);
              showProgressBar({
                type: 'success',
                text: t('security:apiKeys.imported', { name: key.name }),
                autoClose: 5000,
              });
            }}
          />
        ) : null}
        <DataTable
          label={t('security:apiKeys.listTitle')}
          testId="api-key-list"
          loadingLines={3}
          {...queryTableState(query, (error) => errorText(error) ?? t('common:error.description'))}
          empty={{ title: t('security:apiKeys.empty') }}
          rows={query.data?.list ?? []}
          rowKey={(key) => key.id}
          rowTestId="api-key-row"
          rowProps={(key) => ({ 'data-status': key.status, 'data-name': key.name })}
          columns={[
            {
              id: 'name',
              header: t('security:apiKeys.column.name'),
              cell: (key) => (
                <span>
                  <strong>{key.name}</strong>
                  <br />
                  <span className={styles.muted}>
                    {t(`security:apiKeys.exchange.${key.exchange}`)} ·{' '}
                    <span className={styles.key}>{key.apiKey}</span>
                  </span>
                </span>
              ),
            },
            {
              id: 'account',
              header: t('security:apiKeys.column.account'),
              cell: (key) =>
                key.accountType === 'sub'
                  ? t('security:apiKeys.account.subNamed', { name: key.subAccountName ?? '' })
                  : t('security:apiKeys.account.main'),
            },
            {
              id: 'status',
              header: t('security:apiKeys.column.status'),
              cell: (key) => (
                <span data-testid="api-key-status">
                  <span className={styles[key.status]}>
                    {t(`security:apiKeys.status.${key.status}`)}
                  </span>
                  {key.problem ? (
                    <>
                      <br />
                      <span className={styles.muted}>
                        {t(`security:apiKeys.problem.${key.problem}`)}
                      </span>
                    </>
                  ) : null}
                </span>
              ),
            },
            {
              id: 'sync',
              header: t('security:apiKeys.column.lastSync'),
              numeric: true,
              cell: (key) =>
                key.lastSyncTime ? formatDateTime(key.lastSyncTime) : t('security:apiKeys.never'),
            },
            {
              id: 'actions',
              header: t('security:apiKeys.column.actions'),
              hideHeader: true,
              align: 'end',
              cell: (key) => (
                <span className={styles.actions}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => void checkNow(key)}
                    busy={check.isPending && check.variables === key.id}
                    aria-label={t('security:apiKeys.checkNamed', { name: key.name })}
                    data-testid="api-key-check"
                  >
                    {t('security:apiKeys.check')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setToDelete(key)}
                    disabled={key.inUse}
                    title={key.inUse ? t('security:apiKeys.inUse') : undefined}
                    aria-label={t('security:apiKeys.deleteNamed', { name: key.name })}
                    data-testid="api-key-delete"
                  >
                    {t('security:apiKeys.delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </SectionCard>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t('security:apiKeys.deleteTitle')}
        description={t('security:apiKeys.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('security:apiKeys.delete')}
        confirmVariant="danger"
        onConfirm={async () => {
          if (toDelete) await remove.mutateAsync(toDelete.id);
        }}
        data-testid="api-key-delete-confirm"
      />
    </div>
  );
}

interface ImportApiKeyFormProps {
  onCancel: () => void;
  onDone: (key: ApiKey) => void;
}

/** The import form: the key's fields, then the password (and two-step code) again. */
function ImportApiKeyForm({ onCancel, onDone }: ImportApiKeyFormProps) {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useApiKeyErrorText();
  const fieldText = useFieldText();
  const twoFactor = useTwoFactorSettings();
  const method = twoFactor.data?.method ?? 'none';
  const importKey = useImportApiKey();
  const [exchange, setExchange] = useState<ApiKeyExchange>('bitfinex');
  const [name, setName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [secret, setSecret] = useState('');
  const [accountType, setAccountType] = useState<ApiKeyAccountType>('main');
  const [subAccountName, setSubAccountName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();

  const body: ImportApiKeyBody = {
    exchange,
    name,
    apiKey,
    secret,
    accountType,
    ...(accountType === 'sub' ? { subAccountName } : {}),
    password,
    ...(method !== 'none' ? { code } : {}),
  };
  const ready =
    !twoFactor.isPending &&
    (method === 'none' || code.length === CODE_LENGTH) &&
    !importKey.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = importApiKeyBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FormField;
        if (FORM_FIELDS.includes(field) && !errors[field]) {
          errors[field] = fieldText(issue.message);
        }
      }
      setFieldErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    setFieldErrors({});
    try {
      onDone(await importKey.mutateAsync(parsed.success ? parsed.data : body));
    } catch (failure) {
      const refusal = refusalOf(failure);
      const text = errorText(failure) ?? t('common:error.description');
      const field = refusal?.field as FormField | undefined;
      if (field && FORM_FIELDS.includes(field)) setFieldErrors({ [field]: text });
      else setFormError(text);
    }
  }

  return (
    <form
      className={`${pageStyles.form} ${styles.importForm}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="api-key-import"
    >
      <p className={styles.muted}>{t('security:apiKeys.permissionsHint')}</p>
      <SelectField
        label={t('security:apiKeys.field.exchange')}
        value={exchange}
        onChange={(event) => setExchange(event.target.value as ApiKeyExchange)}
        options={API_KEY_EXCHANGES.map((value) => ({
          value,
          label: t(`security:apiKeys.exchange.${value}`),
        }))}
        data-testid="api-key-exchange"
      />
      <TextField
        label={t('security:apiKeys.field.name')}
        value={name}
        maxLength={API_KEY_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name}
        required
        data-testid="api-key-name"
      />
      <TextField
        label={t('security:apiKeys.field.key')}
        value={apiKey}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setApiKey(event.target.value)}
        error={fieldErrors.apiKey}
        required
        data-testid="api-key-key"
      />
      <TextField
        label={t('security:apiKeys.field.secret')}
        type="password"
        autoComplete="off"
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        error={fieldErrors.secret}
        required
        data-testid="api-key-secret"
      />
      <SelectField
        label={t('security:apiKeys.field.accountType')}
        value={accountType}
        onChange={(event) => setAccountType(event.target.value as ApiKeyAccountType)}
        options={API_KEY_ACCOUNT_TYPES.map((value) => ({
          value,
          label: t(`security:apiKeys.account.${value}`),
        }))}
        data-testid="api-key-account-type"
      />
      {accountType === 'sub' ? (
        <TextField
          label={t('security:apiKeys.field.subAccount')}
          value={subAccountName}
          maxLength={SUB_ACCOUNT_NAME_MAX}
          onChange={(event) => setSubAccountName(event.target.value)}
          error={fieldErrors.subAccountName}
          required
          data-testid="api-key-sub-account"
        />
      ) : null}
      <ReauthFields
        method={method}
        mobile={twoFactor.data?.mobile ?? null}
        password={password}
        onPassword={setPassword}
        code={code}
        onCode={setCode}
        passwordError={fieldErrors.password}
        onSendError={(failure) => setFormError(errorText(failure))}
        disabled={importKey.isPending}
        testId="api-key-reauth"
      />
      {formError ? (
        <p role="alert" className={pageStyles.serverError} data-testid="api-key-import-error">
          {formError}
        </p>
      ) : null}
      <div className={pageStyles.formActions}>
        <Button
          variant="secondary"
          onClick={onCancel}
          disabled={importKey.isPending}
          data-testid="api-key-import-cancel"
        >
          {t('common:button.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={!ready}
          busy={importKey.isPending}
          data-testid="api-key-import-submit"
        >
          {t('security:apiKeys.importSubmit')}
        </Button>
      </div>
    </form>
  );
}
