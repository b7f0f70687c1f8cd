import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { WithdrawBody, Withdrawal } from '../../../shared/api/wallet-withdraw';
import type { WithdrawalNetworkId } from '../../../shared/constants/networks';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { useSendWithdrawCode } from '../api/use-send-withdraw-code';
import { refusalOf } from '../../../hooks/use-error-text';
import type { IdempotentAction } from '../../../hooks/use-idempotent-action';
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
  /**
   * The withdrawal action of this request (the form owns it, so its key outlives the dialog: a
   * retry after the dialog was closed and reopened is the same withdrawal).
   */
  action: IdempotentAction<WithdrawBody, Withdrawal>;
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
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!rest.action.isPending) onOpenChange(next);
      }}
      title={t('confirm.title')}
      description={t('confirm.description')}
      data-testid="withdraw-dialog"
    >
      <WithdrawConfirm {...rest} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function WithdrawConfirm({
  request,
  method,
  action,
  onDone,
  onCancel,
}: Omit<WithdrawDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { t } = useTranslation(['withdraw', 'common']);
  const errorText = useWithdrawErrorText();
  const sendCode = useSendWithdrawCode();
  const [code, setCode] = useState('');
  const [sendError, setSendError] = useState<string | undefined>();
  // The action outlives this dialog: its refusal shows once Confirm was pressed in this one.
  const [confirmed, setConfirmed] = useState(false);
  const error = sendError ?? (confirmed ? action.errorText : undefined);
  const { currency } = request;

  function confirm() {
    setSendError(undefined);
    setConfirmed(true);
    // the code is not part of the request: a corrected code is a retry with the same key
    action.run({ ...request.body, code }).then(onDone, (failure: unknown) => {
      if (refusalOf(failure)?.field === 'code') setCode('');
    });
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
        onSendError={(failure) => setSendError(errorText(failure, currency))}
        disabled={action.isPending}
        data-testid="withdraw-code"
      />
      {error ? (
        <p role="alert" className={styles.error} data-testid="withdraw-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={action.isPending}>
          {t('common:button.cancel')}
        </Button>
        <Button
          disabled={code.length !== CODE_LENGTH}
          busy={action.isPending}
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
