import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../services/http-client';
import { WALLET_CURRENCIES, type WalletCurrency } from '../../../shared/api/wallet';
import {
  ADDRESS_NAME_MAX,
  addressNameSchema,
  type AddAddressBody,
  type SavedAddress,
} from '../../../shared/api/wallet-withdraw';
import { networksFor, type WithdrawalNetworkId } from '../../../shared/constants/networks';
import { CODE_LENGTH } from '../../../shared/validation/account';
import {
  checkWithdrawalAddress,
  normalizeWithdrawalAddress,
} from '../../../shared/validation/address';
import { useAddAddress } from '../api/use-addresses';
import { useSendTwoFactorSms } from '../api/use-two-factor-method';
import { useWithdrawErrorText, useWithdrawMessage } from '../hooks/use-withdraw-error-text';
import { SecondFactorField } from './second-factor-field';
import styles from './withdraw.module.css';

export interface AddAddressFormProps {
  /** fixed currency (the management page of one currency); a select otherwise */
  currency?: WalletCurrency | undefined;
  method: 'sms' | 'totp';
  onCancel: () => void;
  onDone: (address: SavedAddress) => void;
}

/** The field a server refusal names (`data.field`), if any. */
function errorField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = (error.data as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : undefined;
}

/** The first problem of a name (the shared schema's messages), or null. */
function nameProblem(name: string): string | null {
  const result = addressNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * "Add address": name, currency, network (only the currency's allowed ones), address (checked
 * live for the network), default; Continue opens the second-factor step, Save adds it.
 */
export function AddAddressForm({ currency: fixed, method, onCancel, onDone }: AddAddressFormProps) {
  const { t } = useTranslation(['withdraw', 'common']);
  const message = useWithdrawMessage();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<WalletCurrency>(fixed ?? 'USDT');
  const networks = networksFor(currency);
  const [networkId, setNetworkId] = useState<string | undefined>(undefined);
  const network = networks.find((n) => n.id === networkId) ?? networks[0];
  const [address, setAddress] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [checked, setChecked] = useState(false);
  const [codeStep, setCodeStep] = useState(false);

  const networkValue = network?.id as WithdrawalNetworkId | undefined;
  const nameError = name !== '' || checked ? nameProblem(name) : null;
  const addressError =
    networkValue && (address.trim() !== '' || checked)
      ? checkWithdrawalAddress(networkValue, address)
      : null;

  function next() {
    setChecked(true);
    if (!networkValue || nameProblem(name) || checkWithdrawalAddress(networkValue, address)) return;
    setCodeStep(true);
  }

  const body: Omit<AddAddressBody, 'code' | 'password'> | null = networkValue
    ? {
        name: name.trim(),
        currency,
        network: networkValue,
        address: normalizeWithdrawalAddress(networkValue, address),
        isDefault,
      }
    : null;

  return (
    <>
      <form
        className={styles.addForm}
        data-testid="address-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <div className={styles.fields}>
          <TextField
            label={t('withdraw:book.name')}
            value={name}
            maxLength={ADDRESS_NAME_MAX + 10}
            onChange={(event) => setName(event.target.value)}
            error={nameError ? message(nameError) : undefined}
            required
            data-testid="address-name"
          />
          <SelectField
            label={t('withdraw:book.currency')}
            value={currency}
            disabled={Boolean(fixed)}
            onChange={(event) => {
              setCurrency(event.target.value as WalletCurrency);
              setNetworkId(undefined);
            }}
            options={(fixed ? [fixed] : WALLET_CURRENCIES).map((code) => ({
              value: code,
              label: code,
            }))}
            data-testid="address-currency"
          />
          <SelectField
            label={t('withdraw:book.network')}
            value={network?.id}
            onChange={(event) => setNetworkId(event.target.value)}
            options={networks.map((n) => ({ value: n.id, label: n.label }))}
            data-testid="address-network"
          />
        </div>
        <TextField
          label={t('withdraw:book.address')}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          placeholder={
            network ? t('withdraw:form.addressPlaceholder', { network: network.label }) : undefined
          }
          error={addressError ? message(addressError) : undefined}
          autoComplete="off"
          spellCheck={false}
          required
          data-testid="address-value"
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
            data-testid="address-default"
          />
          {t('withdraw:book.makeDefault')}
        </label>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onCancel} data-testid="address-cancel">
            {t('common:button.cancel')}
          </Button>
          <Button type="submit" data-testid="address-continue">
            {t('withdraw:book.continue')}
          </Button>
        </div>
      </form>
      {body ? (
        <AddAddressDialog
          open={codeStep}
          onOpenChange={setCodeStep}
          body={body}
          networkLabel={network?.label ?? ''}
          method={method}
          onDone={onDone}
        />
      ) : null}
    </>
  );
}

function AddAddressDialog({
  open,
  onOpenChange,
  body,
  networkLabel,
  method,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  body: Omit<AddAddressBody, 'code' | 'password'>;
  networkLabel: string;
  method: 'sms' | 'totp';
  onDone: (address: SavedAddress) => void;
}) {
  const { t } = useTranslation('withdraw');
  const add = useAddAddress();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!add.isPending) onOpenChange(next);
      }}
      title={t('book.codeTitle')}
      description={t('book.codeDescription')}
      data-testid="address-dialog"
    >
      <AddAddressCode
        body={body}
        networkLabel={networkLabel}
        method={method}
        onCancel={() => onOpenChange(false)}
        onDone={onDone}
        add={add}
      />
    </Dialog>
  );
}

function AddAddressCode({
  body,
  networkLabel,
  method,
  onCancel,
  onDone,
  add,
}: {
  body: Omit<AddAddressBody, 'code' | 'password'>;
  networkLabel: string;
  method: 'sms' | 'totp';
  onCancel: () => void;
  onDone: (address: SavedAddress) => void;
  add: ReturnType<typeof useAddAddress>;
}) {
  const { t } = useTranslation(['withdraw', 'common']);
  const errorText = useWithdrawErrorText();
  const sendSms = useSendTwoFactorSms();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  async function save() {
    setError(undefined);
    setPasswordError(undefined);
    try {
      const saved = await add.mutateAsync({ ...body, code, password });
      onDone(saved);
    } catch (failure) {
      if (errorField(failure) === 'password') {
        // the code was not spent: only the password is asked again
        setPassword('');
        setPasswordError(t('withdraw:book.passwordWrong'));
        return;
      }
      setCode('');
      setError(errorText(failure, body.currency));
    }
  }

  return (
    <div className={styles.stack}>
      <dl className={styles.figures} data-testid="address-summary">
        <div className={styles.figure}>
          <dt>{t('withdraw:book.name')}</dt>
          <dd>{body.name}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('withdraw:book.network')}</dt>
          <dd>{`${body.currency} · ${networkLabel}`}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('withdraw:book.address')}</dt>
          <dd className={styles.address}>{body.address}</dd>
        </div>
      </dl>
      <TextField
        label={t('withdraw:book.password')}
        hint={t('withdraw:book.passwordHint')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordError(undefined);
        }}
        error={passwordError}
        disabled={add.isPending}
        required
        data-testid="address-password"
      />
      <SecondFactorField
        method={method}
        value={code}
        onChange={setCode}
        onSend={() => sendSms.mutateAsync()}
        onSendError={(failure) => setError(errorText(failure))}
        disabled={add.isPending}
        data-testid="address-code"
      />
      {error ? (
        <p role="alert" className={styles.error} data-testid="address-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={add.isPending}>
          {t('common:button.cancel')}
        </Button>
        <Button
          disabled={code.length !== CODE_LENGTH || password === ''}
          busy={add.isPending}
          onClick={save}
          data-testid="address-save"
        >
          {t('withdraw:book.save')}
        </Button>
      </div>
    </div>
  );
}
