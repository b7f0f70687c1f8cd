import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { WithdrawBody, Withdrawal } from '../../../shared/api/wallet-withdraw';
import type { WithdrawalNetworkId } from '../../../shared/constants/networks';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { useRequestWithdraw, useSendWithdrawCode } from '../api/use-request-withdraw';
import { refusalOf } from '../../../hooks/use-error-text';
import { useWithdrawErrorText } from '../hooks/use-withdraw-error-text';
import { displayExact } from '../utils/withdraw-math';
import { SecondFactorField } from './second-factor-field';
import styles from './withdraw.module.css';

/** What the member confirms: the body without the code, and the figures to show. */
export interface WithdrawRequest {
  currency: WalletCurrency;
  network: WithdrawalNetworkId;
  networkLabel: string;
  /** the address the money goes to (normalised, or the saved one) */
  address: string;
  /** the saved address's name, when one was picked */
  addressName?: string | undefined;
  amount: bigint;
  fee: bigint;
  body: Omit<WithdrawBody, 'code'>;
}

export interface WithdrawDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: WithdrawRequest;
  method: 'sms' | 'totp';
  /** The idempotency key of this request (made on the first confirm, then reused). */
  idempotencyKeyFor: (request: string) => string;
  onDone: (withdrawal: Withdrawal) => void;
}

/**
 * The confirm step of a withdrawal: the summary, the second-factor code (SMS members send it
 * first, with the resend countdown), then Confirm. Refusals are shown translated here and the
 * member may correct and confirm again: the retry carries the same idempotency key, so it can
 * never move the money twice. The dialog cannot be closed while the request runs.
 */
export function WithdrawDialog({ open, onOpenChange, ...rest }: WithdrawDialogProps) {
  const { t } = useTranslation('withdraw');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={t('confirm.title')}
      description={t('confirm.description')}
      data-testid="withdraw-dialog"
    >
      <WithdrawConfirm {...rest} onBusy={setBusy} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function WithdrawConfirm({
  request,
  method,
  idempotencyKeyFor,
  onDone,
  onBusy,
  onCancel,
}: Omit<WithdrawDialogProps, 'open' | 'onOpenChange'> & {
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['withdraw', 'common']);
  const errorText = useWithdrawErrorText();
  const withdraw = useRequestWithdraw();
  const sendCode = useSendWithdrawCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { currency } = request;

  async function confirm() {
    setError(undefined);
    onBusy(true);
    const key = idempotencyKeyFor(JSON.stringify(request.body));
    try {
      const withdrawal = await withdraw.mutateAsync({
        body: { ...request.body, code },
        idempotencyKey: key,
      });
      onBusy(false);
      onDone(withdrawal);
    } catch (failure) {
      onBusy(false);
      if (refusalOf(failure)?.field === 'code') setCode('');
      setError(errorText(failure, currency));
    }
  }

  const amount = (units: bigint) => `${displayExact(units, currency)} ${currency}`;
  return (
    <div className={styles.stack}>
      <dl className={styles.figures} data-testid="withdraw-summary">
        <SummaryRow label={t('withdraw:figure.network')}>{request.networkLabel}</SummaryRow>
        <SummaryRow label={t('withdraw:figure.address')}>
          <span className={styles.address}>
            {request.addressName ? `${request.addressName} (${request.address})` : request.address}
          </span>
        </SummaryRow>
        <SummaryRow label={t('withdraw:figure.receive')} testId="withdraw-summary-receive">
          {amount(request.amount)}
        </SummaryRow>
        <SummaryRow label={t('withdraw:figure.fee')}>{amount(request.fee)}</SummaryRow>
        <SummaryRow label={t('withdraw:figure.total')} testId="withdraw-summary-total">
          {amount(request.amount + request.fee)}
        </SummaryRow>
      </dl>
      <SecondFactorField
        method={method}
        value={code}
        onChange={setCode}
        onSend={() => sendCode.mutateAsync()}
        onSendError={(failure) => setError(errorText(failure, currency))}
        disabled={withdraw.isPending}
        data-testid="withdraw-code"
      />
      {error ? (
        <p role="alert" className={styles.error} data-testid="withdraw-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={withdraw.isPending}>
          {t('common:button.cancel')}
        </Button>
        <Button
          disabled={code.length !== CODE_LENGTH}
          busy={withdraw.isPending}
          onClick={confirm}
          data-testid="withdraw-confirm"
        >
          {t('withdraw:confirm.submit')}
        </Button>
      </div>
    </div>
  );
}

function SummaryRow({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
