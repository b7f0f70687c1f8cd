import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button';
import { Dialog } from '../../../../components/dialog';
import { Notice } from '../../../../components/load-states';
import type { IdempotentAction } from '../../../../hooks/use-idempotent-action';
import type { EarnLeaveBody, EarnSubscription } from '../../../../shared/api/earn';
import { formatAtomic, parseAmount } from '../../../../shared/money/decimal';
import { currencyDecimals } from '../../utils/amounts';
import { usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

type LeaveAction = IdempotentAction<EarnLeaveBody, EarnSubscription>;

interface LeaveDialogProps {
  open: boolean;
  onClose: () => void;
  subscription: EarnSubscription;
  /** The action (its Idempotency-Key) lives with the caller: a retry after closing reuses it. */
  action: LeaveAction;
}

interface LeaveFrameProps extends LeaveDialogProps {
  /** test ids `portfolio-<name>-…` */
  name: 'cancel' | 'redeem' | 'terminate';
  leave: EarnLeaveBody['action'];
  title: string;
  confirm: string;
  /** What happened, from the server's answer. */
  doneText: (result: EarnSubscription) => string;
  /** What will happen, before the member confirms. */
  children: ReactNode;
  /** A final, irreversible move: a warning and an "I understand" tick before Confirm. */
  final?: { warning: string; understood: string };
}

/**
 * The frame of every Leave: what will happen, Confirm (POST premium2/Leave with the caller's
 * action, so a retry is the same leave under the same key), the translated refusal, and after a
 * success what happened and Done.
 */
function LeaveDialogFrame({
  open,
  onClose,
  subscription: sub,
  action,
  name,
  leave,
  title,
  confirm,
  doneText,
  children,
  final,
}: LeaveFrameProps) {
  const { t } = useTranslation('portfolio');
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    if (action.state === 'done') action.newAction();
    onClose();
  };
  const done = action.state === 'done' ? action.result : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={title}
      data-testid={`portfolio-${name}-dialog`}
    >
      <div className={styles.dialogBody}>
        {done ? (
          <Notice tone="success" testId={`portfolio-${name}-done`}>
            {doneText(done)}
          </Notice>
        ) : (
          <>
            {children}
            {final ? (
              <>
                <Notice tone="warning">{final.warning}</Notice>
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={understood}
                    disabled={action.isPending}
                    onChange={(event) => setUnderstood(event.target.checked)}
                    data-testid={`portfolio-${name}-understood`}
                  />
                  <span>{final.understood}</span>
                </label>
              </>
            ) : null}
          </>
        )}
        {action.state === 'error' ? (
          <p className={styles.error} role="alert" data-testid={`portfolio-${name}-error`}>
            {action.errorText ?? t('error.action')}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} data-testid={`portfolio-${name}-close`}>
            {done ? t('dialog.done') : t('dialog.back')}
          </Button>
          {!done ? (
            <Button
              variant="danger"
              disabled={final ? !understood || !sub.canRedeem : false}
              busy={action.isPending}
              onClick={() =>
                action.run({ premiumId: sub.premiumId, action: leave }).catch(() => undefined)
              }
              data-testid={`portfolio-${name}-confirm`}
            >
              {confirm}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Cancel before the contract starts (POST premium2/Leave action=cancel): the whole invested
 * amount goes back to the wallet (the lifecycle job refunds it; the subscription reads
 * Processing until then). Confirm again after a failure = the same cancellation, same key.
 */
export function CancelDialog(props: LeaveDialogProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const sub = props.subscription;
  return (
    <LeaveDialogFrame
      {...props}
      name="cancel"
      leave="cancel"
      title={t('cancel.title')}
      confirm={t('cancel.confirm')}
      doneText={(result) =>
        t('cancel.done', {
          amount: format.money(result.returnAmount ?? sub.investedAmount, sub.currency),
        })
      }
    >
      <p className={styles.note} data-testid="portfolio-cancel-text">
        {t('cancel.text', { amount: format.money(sub.investedAmount, sub.currency) })}
      </p>
    </LeaveDialogFrame>
  );
}

/**
 * Early redemption (POST premium2/Leave action=redeem) until a day before expiry: the whole
 * principal is paid in BCNT at the price feed's rate when the member confirms (the estimate
 * shown is the server's at the last read), rewards already paid stay, accrued rewards are paid.
 * Final and irreversible: the confirmation states the BCNT amount and asks the member to tick
 * that they understand before Redeem is possible.
 */
export function RedeemDialog(props: LeaveDialogProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const sub = props.subscription;
  return (
    <LeaveDialogFrame
      {...props}
      name="redeem"
      leave="redeem"
      title={t('redeem.title')}
      confirm={t('redeem.confirm')}
      doneText={(result) =>
        t('redeem.done', { bcnt: format.money(result.redeemedBcnt ?? '0', 'BCNT', 'balance') })
      }
      final={{ warning: t('redeem.final'), understood: t('redeem.understood') }}
    >
      <dl className={styles.sums}>
        <div>
          <dt>{t('redeem.principal')}</dt>
          <dd data-testid="portfolio-redeem-principal">
            {format.money(sub.lockedAmount, sub.currency)}
          </dd>
        </div>
        <div>
          <dt>{t('redeem.bcnt')}</dt>
          <dd data-testid="portfolio-redeem-bcnt">
            {sub.redeemBcntEstimate !== null
              ? format.money(sub.redeemBcntEstimate, 'BCNT', 'balance')
              : t('event.none')}
          </dd>
        </div>
      </dl>
      <p className={styles.note} data-testid="portfolio-redeem-text">
        {t('redeem.text', {
          bcnt: format.money(sub.redeemBcntEstimate ?? '0', 'BCNT', 'balance'),
          amount: format.money(sub.lockedAmount, sub.currency),
        })}
      </p>
    </LeaveDialogFrame>
  );
}

/**
 * A Flagship's early termination (POST premium2/Leave action=redeem) until a day before expiry:
 * the principal comes back in the product's currency less the fee (5 % within the first six
 * months of the term, 3.5 % after; spec section 9), fixed rewards accrued are paid, the excess
 * share already credited stays. Final: the confirmation states the fee and what comes back.
 */
export function TerminateDialog(props: LeaveDialogProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const sub = props.subscription;
  const fee = sub.earlyTerminationFee ?? null;
  const back = fee === null ? null : backAfterFee(sub.lockedAmount, fee, sub.currency);
  return (
    <LeaveDialogFrame
      {...props}
      name="terminate"
      leave="redeem"
      title={t('terminate.title')}
      confirm={t('terminate.confirm')}
      doneText={(result) =>
        t('terminate.done', { amount: format.money(result.returnAmount ?? '0', sub.currency) })
      }
      final={{ warning: t('terminate.final'), understood: t('terminate.understood') }}
    >
      <dl className={styles.sums}>
        <div>
          <dt>{t('redeem.principal')}</dt>
          <dd data-testid="portfolio-terminate-principal">
            {format.money(sub.lockedAmount, sub.currency)}
          </dd>
        </div>
        <div>
          <dt>
            {sub.earlyTerminationFeePct != null
              ? t('terminate.feeRate', { rate: format.rate(sub.earlyTerminationFeePct) })
              : t('terminate.fee')}
          </dt>
          <dd data-testid="portfolio-terminate-fee">
            {fee !== null ? `-${format.money(fee, sub.currency)}` : t('event.none')}
          </dd>
        </div>
        <div>
          <dt>{t('terminate.back')}</dt>
          <dd data-testid="portfolio-terminate-back">
            {back !== null ? format.money(back, sub.currency) : t('event.none')}
          </dd>
        </div>
      </dl>
      <p className={styles.note}>{t('terminate.text')}</p>
    </LeaveDialogFrame>
  );
}

/** The principal less the fee, as a wire amount (null when either does not parse). */
function backAfterFee(principal: string, fee: string, currency: string): string | null {
  const decimals = currencyDecimals(currency);
  const a = parseAmount(principal, decimals);
  const b = parseAmount(fee, decimals);
  return a === null || b === null ? null : formatAtomic(a > b ? a - b : 0n, decimals);
}
