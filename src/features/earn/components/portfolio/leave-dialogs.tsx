import { useState } from 'react';
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

/** After a success the dialog says what happened; the next opening is a new action. */
function useCloser(action: LeaveAction, onClose: () => void) {
  return () => {
    if (action.state === 'done') action.newAction();
    onClose();
  };
}

/**
 * Cancel before the contract starts (POST premium2/Leave action=cancel): the whole invested
 * amount goes back to the wallet (the lifecycle job refunds it; the subscription reads
 * Processing until then). Confirm again after a failure = the same cancellation, same key.
 */
export function CancelDialog({ open, onClose, subscription: sub, action }: LeaveDialogProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const close = useCloser(action, onClose);
  const amount = format.money(sub.investedAmount, sub.currency);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('cancel.title')}
      data-testid="portfolio-cancel-dialog"
    >
      <div className={styles.dialogBody}>
        {action.state === 'done' && action.result ? (
          <Notice tone="success" testId="portfolio-cancel-done">
            {t('cancel.done', {
              amount: format.money(action.result.returnAmount ?? sub.investedAmount, sub.currency),
            })}
          </Notice>
        ) : (
          <p className={styles.note} data-testid="portfolio-cancel-text">
            {t('cancel.text', { amount })}
          </p>
        )}
        {action.state === 'error' ? (
          <p className={styles.error} role="alert" data-testid="portfolio-cancel-error">
            {action.errorText ?? t('error.action')}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} data-testid="portfolio-cancel-close">
            {action.state === 'done' ? t('dialog.done') : t('dialog.back')}
          </Button>
          {action.state !== 'done' ? (
            <Button
              variant="danger"
              busy={action.isPending}
              onClick={() =>
                action.run({ premiumId: sub.premiumId, action: 'cancel' }).catch(() => undefined)
              }
              data-testid="portfolio-cancel-confirm"
            >
              {t('cancel.confirm')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Early redemption (POST premium2/Leave action=redeem) until a day before expiry: the whole
 * principal is paid in BCNT at the price feed's rate when the member confirms (the estimate
 * shown is the server's at the last read), rewards already paid stay, accrued rewards are paid.
 * Final and irreversible: the confirmation states the BCNT amount and asks the member to tick
 * that they understand before Redeem is possible.
 */
export function RedeemDialog({ open, onClose, subscription: sub, action }: LeaveDialogProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const [understood, setUnderstood] = useState(false);
  const closeAction = useCloser(action, onClose);
  const close = () => {
    setUnderstood(false);
    closeAction();
  };
  const done = action.state === 'done' && action.result;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('redeem.title')}
      data-testid="portfolio-redeem-dialog"
    >
      <div className={styles.dialogBody}>
        {done ? (
          <Notice tone="success" testId="portfolio-redeem-done">
            {t('redeem.done', {
              bcnt: format.money(action.result!.redeemedBcnt ?? '0', 'BCNT', 'balance'),
            })}
          </Notice>
        ) : (
          <>
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
            <Notice tone="warning">{t('redeem.final')}</Notice>
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={understood}
                disabled={action.isPending}
                onChange={(event) => setUnderstood(event.target.checked)}
                data-testid="portfolio-redeem-understood"
              />
              <span>{t('redeem.understood')}</span>
            </label>
          </>
        )}
        {action.state === 'error' ? (
          <p className={styles.error} role="alert" data-testid="portfolio-redeem-error">
            {action.errorText ?? t('error.action')}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} data-testid="portfolio-redeem-close">
            {done ? t('dialog.done') : t('dialog.back')}
          </Button>
          {!done ? (
            <Button
              variant="danger"
              disabled={!understood || !sub.canRedeem}
              busy={action.isPending}
              onClick={() =>
                action.run({ premiumId: sub.premiumId, action: 'redeem' }).catch(() => undefined)
              }
              data-testid="portfolio-redeem-confirm"
            >
              {t('redeem.confirm')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A Flagship's early termination (POST premium2/Leave action=redeem) until a day before expiry:
 * the principal comes back in the product's currency less the fee (5 % within the first six
 * months of the term, 3.5 % after; spec section 9), fixed rewards accrued are paid, the excess
 * share already credited stays. Final: the confirmation states the fee and what comes back.
 */
export function TerminateDialog({ open, onClose, subscription: sub, action }: LeaveDialogProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const [understood, setUnderstood] = useState(false);
  const closeAction = useCloser(action, onClose);
  const close = () => {
    setUnderstood(false);
    closeAction();
  };
  const done = action.state === 'done' ? action.result : undefined;
  const fee = sub.earlyTerminationFee ?? null;
  const back = fee === null ? null : backAfterFee(sub.lockedAmount, fee, sub.currency);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('terminate.title')}
      data-testid="portfolio-terminate-dialog"
    >
      <div className={styles.dialogBody}>
        {done ? (
          <Notice tone="success" testId="portfolio-terminate-done">
            {t('terminate.done', {
              amount: format.money(done.returnAmount ?? '0', sub.currency),
            })}
          </Notice>
        ) : (
          <>
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
            <Notice tone="warning">{t('terminate.final')}</Notice>
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={understood}
                disabled={action.isPending}
                onChange={(event) => setUnderstood(event.target.checked)}
                data-testid="portfolio-terminate-understood"
              />
              <span>{t('terminate.understood')}</span>
            </label>
          </>
        )}
        {action.state === 'error' ? (
          <p className={styles.error} role="alert" data-testid="portfolio-terminate-error">
            {action.errorText ?? t('error.action')}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} data-testid="portfolio-terminate-close">
            {done ? t('dialog.done') : t('dialog.back')}
          </Button>
          {!done ? (
            <Button
              variant="danger"
              disabled={!understood || !sub.canRedeem}
              busy={action.isPending}
              onClick={() =>
                action.run({ premiumId: sub.premiumId, action: 'redeem' }).catch(() => undefined)
              }
              data-testid="portfolio-terminate-confirm"
            >
              {t('terminate.confirm')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/** The principal less the fee, as a wire amount (null when either does not parse). */
function backAfterFee(principal: string, fee: string, currency: string): string | null {
  const decimals = currencyDecimals(currency);
  const a = parseAmount(principal, decimals);
  const b = parseAmount(fee, decimals);
  return a === null || b === null ? null : formatAtomic(a > b ? a - b : 0n, decimals);
}
