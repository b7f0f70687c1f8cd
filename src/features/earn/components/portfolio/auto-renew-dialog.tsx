import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button';
import { Dialog } from '../../../../components/dialog';
import { Notice } from '../../../../components/load-states';
import { RENEW_ON_AGAIN_DAYS } from '../../../../shared/constants/earn';
import type { EarnProductDetail, EarnSubscription } from '../../../../shared/api/earn';
import { useSetAutoRenew } from '../../api/use-earn-settings';
import { usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Why the auto-renew switch cannot move now, from the subscription alone (the server's clock
 * decided `canSetRenew`; the browser's clock may differ): the product does not renew, the
 * contract is over, or auto-renew is off and the last moment to turn it back on (a day before
 * expiry) has passed.
 */
export function renewBlockedReason(
  sub: EarnSubscription,
  product: Pick<EarnProductDetail, 'renewable'>,
  t: TFunction<'portfolio'>,
  format: ReturnType<typeof usePortfolioFormat>,
): string {
  if (!product.renewable) return t('renew.notRenewable');
  if (sub.state === 'running' && !sub.autoRenew && sub.expiryAt) {
    const until = new Date(Date.parse(sub.expiryAt) - RENEW_ON_AGAIN_DAYS * DAY_MS);
    return t('renew.tooLate', { time: format.time(until.toISOString()) });
  }
  return t('renew.closed');
}

/**
 * The auto-renew settings page (/portfolio/earn/{sn}/auto-renew) as a dialog: the switch (on by
 * default for Stable Income that renews at the join's choice; off at any time before expiry;
 * back on only until a day before expiry), what each position means, why the switch is
 * disabled when it is. Each change is one POST premium2/Setting; the member's earn and wallet
 * data are read again after it.
 */
export function AutoRenewDialog({
  open,
  onClose,
  subscription: sub,
  product,
}: {
  open: boolean;
  onClose: () => void;
  subscription: EarnSubscription;
  product: EarnProductDetail;
}) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const setting = useSetAutoRenew();
  const blocked = !sub.canSetRenew;
  // the position asked for while it is saved, then the server's answer (the detail is read again)
  const autoRenew =
    setting.isPending && setting.variables
      ? setting.variables.isRenew
      : setting.isSuccess
        ? setting.data.autoRenew
        : sub.autoRenew;
  const reasonId = 'portfolio-renew-dialog-reason';

  function close() {
    setting.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('renew.title')}
      description={t('renew.rules')}
      data-testid="portfolio-renew-dialog"
    >
      <div className={styles.dialogBody}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            role="switch"
            checked={autoRenew}
            disabled={blocked || setting.isPending}
            aria-busy={setting.isPending || undefined}
            aria-describedby={blocked ? reasonId : undefined}
            onChange={(event) =>
              setting.mutate({ premiumId: sub.premiumId, isRenew: event.target.checked })
            }
            data-testid="portfolio-renew-switch"
          />
          <span>{t('renew.switch')}</span>
        </label>
        <p className={styles.note} data-testid="portfolio-renew-meaning">
          {autoRenew
            ? t('renew.onMeaning', {
                time: sub.expiryAt ? format.day(sub.expiryAt) : t('term.notStarted'),
              })
            : t('renew.offMeaning')}
        </p>
        {blocked ? (
          <Notice tone="warning" testId="portfolio-renew-blocked">
            <span id={reasonId}>{renewBlockedReason(sub, product, t, format)}</span>
          </Notice>
        ) : null}
        {setting.isPending ? (
          <p className={styles.note} role="status" data-testid="portfolio-renew-saving">
            {t('renew.saving')}
          </p>
        ) : null}
        {setting.isSuccess ? (
          <Notice tone="success" testId="portfolio-renew-saved">
            {setting.data?.autoRenew ? t('renew.savedOn') : t('renew.savedOff')}
          </Notice>
        ) : null}
        {setting.errorText || setting.isError ? (
          <p className={styles.error} role="alert" data-testid="portfolio-renew-error">
            {setting.errorText ?? t('error.action')}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} data-testid="portfolio-renew-close">
            {t('dialog.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
