import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { formatDateTime } from '../../../lib/date-format';
import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { requestWithdraw } from '../../../services/wallet-withdraw';
import { WALLET_CURRENCIES, type WalletCurrency } from '../../../shared/api/wallet';
import type {
  SavedAddress,
  WithdrawBody,
  Withdrawal,
  WithdrawInfo,
} from '../../../shared/api/wallet-withdraw';
import { isNetworkAllowed } from '../../../shared/constants/networks';
import { WITHDRAWAL_DEADLINE_HOUR } from '../../../shared/constants/withdrawal-rules';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import {
  checkWithdrawalAddress,
  normalizeWithdrawalAddress,
} from '../../../shared/validation/address';
import { useAddresses } from '../api/use-addresses';
import { useWithdrawInfo } from '../api/use-withdraw-info';
import { useWithdrawErrorText, useWithdrawMessage } from '../hooks/use-withdraw-error-text';
import { paths } from '../../../lib/paths';
import {
  displayExact,
  displayExactText,
  maxWithdrawAmount,
  withdrawAmountProblem,
  withdrawFigures,
} from '../utils/withdraw-math';
import { WithdrawDialog, type WithdrawRequest } from './withdraw-dialog';
import { WithdrawalList } from './withdrawal-list';
import styles from './withdraw.module.css';

/** The address select's value for "type an address". */
const TYPED = 'typed';

/**
 * The Withdrawal tab of /wallet (spec sections 3, 5, 9): pick a currency and one of its allowed
 * networks, a saved address (the default of the currency and network preselected) or a typed
 * one (checked live), and an amount (Max = what may be spent minus the fee, capped by the
 * remaining 24-hour limit). The form shows the fee, what the recipient receives, the minimum,
 * the balance and the remaining limit; a lock after a two-step or password change and a missing
 * second factor block the submit. Submit opens the confirm dialog with the second-factor code.
 * Below: the member's withdrawals.
 */
export function WithdrawPanel() {
  const { t } = useTranslation(['withdraw', 'errors']);
  const errorText = useWithdrawErrorText();
  const [currency, setCurrency] = useState<WalletCurrency>('USDT');
  const [done, setDone] = useState<Withdrawal | null>(null);
  const info = useWithdrawInfo(currency);
  const data = info.data?.currency === currency ? info.data : undefined;

  return (
    <div className={styles.panel}>
      <SectionCard
        title={t('withdraw:form.title')}
        description={t('withdraw:form.description')}
        data-testid="withdraw-panel"
        data-state={data ? 'ready' : info.isPending || info.isFetching ? 'loading' : 'error'}
        aria-busy={!data && info.isFetching}
      >
        {done ? (
          <Notice tone="success" testId="withdraw-success">
            <strong>{t('withdraw:success.queued', { hour: WITHDRAWAL_DEADLINE_HOUR })}</strong>{' '}
            {t('withdraw:success.detail', {
              amount: displayExactText(done.amount, done.currency),
              currency: done.currency,
            })}
          </Notice>
        ) : null}
        <div className={styles.fields}>
          <SelectField
            label={t('withdraw:form.currency')}
            value={currency}
            onChange={(event) => {
              setCurrency(event.target.value as WalletCurrency);
              setDone(null);
            }}
            options={WALLET_CURRENCIES.map((code) => ({ value: code, label: code }))}
            data-testid="withdraw-currency"
          />
        </div>
        {data ? (
          <WithdrawForm
            key={currency}
            info={data}
            onStart={() => setDone(null)}
            onDone={(withdrawal) => setDone(withdrawal)}
          />
        ) : info.isPending || info.isFetching ? (
          <Skeleton lines={6} testId="withdraw-loading" />
        ) : (
          <LoadError
            message={errorText(info.error, currency) ?? t('errors:unexpected')}
            onRetry={() => info.refetch()}
            testId="withdraw-load-error"
          />
        )}
      </SectionCard>
      <WithdrawalList />
    </div>
  );
}

interface WithdrawFormProps {
  info: WithdrawInfo;
  onStart: () => void;
  onDone: (withdrawal: Withdrawal) => void;
}

function WithdrawForm({ info, onStart, onDone }: WithdrawFormProps) {
  const { t } = useTranslation(['withdraw', 'errors']);
  const message = useWithdrawMessage();
  const errorText = useWithdrawErrorText();
  const addresses = useAddresses();
  const { currency } = info;
  // One withdrawal request is one action: its key is made when Confirm is first pressed and kept
  // for every retry (a corrected code, or the dialog closed and reopened after a lost answer).
  // Another network, address or amount is another request: newAction() below; another currency
  // mounts a new form.
  const withdraw = useIdempotentAction({
    call: (body: WithdrawBody, key: string) => requestWithdraw(body, key),
    errorText: (error) => errorText(error, currency),
  });

  const networks = info.networks.filter((n) => isNetworkAllowed(currency, n.network));
  const [networkId, setNetworkId] = useState<string | undefined>(undefined);
  const network = networks.find((n) => n.network === networkId) ?? networks[0];
  const [addressChoice, setAddressChoice] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [amount, setAmount] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const changeAmount = (text: string) => {
    if (text !== amount) withdraw.newAction();
    setAmount(text);
  };

  if (!network) {
    return <Notice tone="warning">{t('withdraw:form.noNetwork', { currency })}</Notice>;
  }

  const saved: SavedAddress[] = (addresses.data?.items ?? []).filter(
    (item) => item.currency === currency && item.network === network.network,
  );
  const defaultSaved = saved.find((item) => item.isDefault);
  const choice =
    addressChoice !== undefined && (addressChoice === TYPED || saved.some(isChoice(addressChoice)))
      ? addressChoice
      : defaultSaved
        ? String(defaultSaved.id)
        : TYPED;
  const savedAddress = choice === TYPED ? undefined : saved.find(isChoice(choice));
  const addressProblem =
    savedAddress || typed.trim() === '' ? null : checkWithdrawalAddress(network.network, typed);
  const destinationReady = Boolean(savedAddress) || (typed.trim() !== '' && !addressProblem);

  const figures = withdrawFigures(info, network);
  // "12." is 12 while the member types on (the field accepts a trailing point)
  const amountText = amount.endsWith('.') ? amount.slice(0, -1) : amount;
  const amountProblem = withdrawAmountProblem(amountText, figures);
  const units = amountProblem ? null : parseAmount(amountText, figures.decimals);
  const receive = units ?? 0n;

  const lockedUntil = info.lockedUntil;
  const noSecondFactor = info.twoFactorMethod === 'none';
  const bcntBlock = info.bcnt
    ? !info.bcnt.identityVerified
      ? 'bcnt_kyc_required'
      : info.bcnt.kycUnderReview
        ? 'bcnt_kyc_under_review'
        : null
    : null;
  const canSubmit =
    !noSecondFactor &&
    !lockedUntil &&
    !bcntBlock &&
    destinationReady &&
    units !== null &&
    units > 0n;

  const request: WithdrawRequest | null =
    canSubmit && units !== null
      ? {
          currency,
          network: network.network,
          networkLabel: network.label,
          address: savedAddress
            ? savedAddress.address
            : normalizeWithdrawalAddress(network.network, typed),
          addressName: savedAddress?.name,
          amount: units,
          fee: figures.fee,
          body: {
            currency,
            network: network.network,
            amount: formatAtomic(units, figures.decimals),
            ...(savedAddress
              ? { addressId: savedAddress.id }
              : { address: normalizeWithdrawalAddress(network.network, typed) }),
          } satisfies Omit<WithdrawBody, 'code'>,
        }
      : null;

  const limitText = t('withdraw:figure.limitValue', {
    remaining: displayExact(figures.remaining, currency),
    currency,
    remainingUsdt: displayExactText(info.limit.remainingUsdt, 'USDT'),
    daily: displayExactText(info.limit.dailyLimitUsdt, 'USDT'),
  });

  return (
    <div className={styles.stack} data-network={network.network}>
      {lockedUntil ? (
        <Notice tone="warning" testId="withdraw-lock">
          {t('withdraw:lock.notice', { time: formatDateTime(lockedUntil) })}
        </Notice>
      ) : null}
      {bcntBlock ? (
        <Notice tone="warning" testId="withdraw-bcnt-block">
          {message(bcntBlock)}
        </Notice>
      ) : null}

      <div className={styles.fields}>
        <SelectField
          label={t('withdraw:form.network')}
          value={network.network}
          onChange={(event) => {
            withdraw.newAction();
            setNetworkId(event.target.value);
            setAddressChoice(undefined);
          }}
          options={networks.map((n) => ({ value: n.network, label: n.label }))}
          data-testid="withdraw-network"
        />
        {saved.length > 0 ? (
          <SelectField
            label={t('withdraw:form.savedAddress')}
            value={choice}
            onChange={(event) => {
              withdraw.newAction();
              setAddressChoice(event.target.value);
            }}
            options={[
              ...saved.map((item) => ({
                value: String(item.id),
                label: item.isDefault
                  ? t('withdraw:form.savedOptionDefault', { name: item.name })
                  : item.name,
              })),
              { value: TYPED, label: t('withdraw:form.typeAddress') },
            ]}
            data-testid="withdraw-saved-address"
          />
        ) : null}
      </div>

      {savedAddress ? (
        <p className={styles.muted} data-testid="withdraw-saved-address-value">
          <span className={styles.address}>{savedAddress.address}</span>
        </p>
      ) : (
        <TextField
          label={t('withdraw:form.address')}
          value={typed}
          onChange={(event) => {
            withdraw.newAction();
            setTyped(event.target.value);
          }}
          placeholder={t('withdraw:form.addressPlaceholder', { network: network.label })}
          error={addressProblem ? message(addressProblem) : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="withdraw-address"
        />
      )}

      <AmountField
        label={t('withdraw:form.amount', { currency })}
        value={amount}
        onChange={changeAmount}
        onMax={() => changeAmount(formatAtomic(maxWithdrawAmount(figures), figures.decimals))}
        currency={currency}
        decimals={figures.decimals}
        hint={t('withdraw:form.amountHint', {
          minimum: displayExact(figures.minimum, currency),
          currency,
        })}
        error={
          amountProblem
            ? message(amountProblem, {
                currency,
                data: {
                  minimum: network.minimum,
                  remaining: info.limit.remaining,
                  withdrawable: info.bcnt?.withdrawable,
                },
              })
            : undefined
        }
        testId="withdraw-amount"
        maxTestId="withdraw-max"
      />

      <dl className={styles.figures}>
        <Figure label={t('withdraw:figure.available')} testId="withdraw-available">
          {`${displayExact(figures.available, currency)} ${currency}`}
        </Figure>
        {info.bcnt && figures.spendable < figures.available ? (
          <Figure label={t('withdraw:figure.withdrawable')} testId="withdraw-withdrawable">
            {`${displayExact(figures.spendable, currency)} ${currency}`}
          </Figure>
        ) : null}
        <Figure label={t('withdraw:figure.minimum')} testId="withdraw-minimum">
          {`${displayExact(figures.minimum, currency)} ${currency}`}
        </Figure>
        <Figure label={t('withdraw:figure.fee')} testId="withdraw-fee">
          {`${displayExact(figures.fee, currency)} ${currency}`}
        </Figure>
        <Figure label={t('withdraw:figure.receive')} testId="withdraw-receive">
          {`${displayExact(receive, currency)} ${currency}`}
        </Figure>
        <Figure label={t('withdraw:figure.total')} testId="withdraw-total">
          {`${displayExact(units === null ? 0n : units + figures.fee, currency)} ${currency}`}
        </Figure>
        <Figure label={t('withdraw:figure.limit')} testId="withdraw-limit">
          {limitText}
        </Figure>
      </dl>
      <p className={styles.muted}>{t('withdraw:form.feeNote')}</p>

      {noSecondFactor ? (
        <div className={styles.gate}>
          <Notice tone="warning" testId="withdraw-two-step">
            {t('withdraw:twoStep.notice')}
          </Notice>
          <ButtonLink
            to={paths.Security.getHref(undefined, { tab: 'two-step' })}
            data-testid="withdraw-two-step-link"
          >
            {t('withdraw:twoStep.link')}
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            disabled={!request}
            onClick={() => {
              onStart();
              setDialogOpen(true);
            }}
            data-testid="withdraw-submit"
          >
            {t('withdraw:form.submit')}
          </Button>
        </div>
      )}

      {request && info.twoFactorMethod !== 'none' ? (
        <WithdrawDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          request={request}
          method={info.twoFactorMethod}
          action={withdraw}
          onDone={(withdrawal) => {
            setDialogOpen(false);
            setAmount('');
            onDone(withdrawal);
          }}
        />
      ) : null}
    </div>
  );
}

function isChoice(choice: string) {
  return (item: SavedAddress) => String(item.id) === choice;
}

function Figure({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
