import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button';
import { Dialog } from '../../../../components/dialog';
import { Notice } from '../../../../components/load-states';
import { SelectField } from '../../../../components/select-field';
import type { EarnSubscription } from '../../../../shared/api/earn';
import { EARN_DCA_CURRENCIES, type EarnDcaCurrency } from '../../../../shared/constants/earn';
import { useSetSmartDca } from '../../api/use-earn-settings';
import styles from './portfolio.module.css';

const OFF = 'off';
type Choice = EarnDcaCurrency | typeof OFF;

/** The currencies a subscription's rewards may be converted into: never its own. */
export const dcaTargets = (currency: string) =>
  EARN_DCA_CURRENCIES.filter((target) => target !== currency);

/**
 * The Smart DCA page of a Stable Income subscription (/portfolio/earn/{sn}/smart-dca) as a
 * dialog: the currency its rewards are converted into, or off (keep them in the product's
 * currency). Save is one POST premium2/XSavingSetting (the same target twice changes nothing on
 * the server); a new target or off starts the figures afresh, said above Save. The server's
 * refusal (not available now, the product's own currency) is translated; the member's earn
 * data (the Smart DCA card) and wallet are read again after it.
 */
export function SmartDcaDialog({
  open,
  onClose,
  subscription: sub,
}: {
  open: boolean;
  onClose: () => void;
  subscription: EarnSubscription;
}) {
  const { t } = useTranslation('portfolio');
  const setting = useSetSmartDca();

  function close() {
    setting.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('dca.title')}
      description={t('dca.rules')}
      data-testid="portfolio-dca-dialog"
    >
      {/* mounted while open: each opening starts from the subscription's current target */}
      <SmartDcaForm subscription={sub} setting={setting} onClose={close} />
    </Dialog>
  );
}

function SmartDcaForm({
  subscription: sub,
  setting,
  onClose,
}: {
  subscription: EarnSubscription;
  setting: ReturnType<typeof useSetSmartDca>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['portfolio', 'earn']);
  const current: Choice = sub.smartDca?.currency ?? OFF;
  const [choice, setChoice] = useState<Choice>(current);
  const busy = setting.isPending;
  const blocked = !sub.canSetSmartDca;
  const options = [
    { value: OFF, label: t('dca.targetOff', { currency: sub.currency }) },
    ...dcaTargets(sub.currency).map((target) => ({ value: target, label: target })),
  ];

  return (
    <form
      className={styles.dialogBody}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || blocked || choice === current) return;
        setting.mutate({ premiumId: sub.premiumId, currency: choice === OFF ? null : choice });
      }}
    >
      <SelectField
        label={t('dca.target')}
        options={options}
        value={choice}
        disabled={busy || blocked}
        onChange={(event) => {
          setChoice(event.target.value as Choice);
          setting.reset();
        }}
        data-testid="portfolio-dca-target"
      />
      <p className={styles.note} data-testid="portfolio-dca-restart">
        {t('dca.restart', { currency: sub.currency })}
      </p>
      {blocked ? (
        <Notice tone="warning" testId="portfolio-dca-blocked">
          {t('earn:error.dcaNotAvailable')}
        </Notice>
      ) : null}
      {busy ? (
        <p className={styles.note} role="status" data-testid="portfolio-dca-saving">
          {t('dca.saving')}
        </p>
      ) : null}
      {setting.isSuccess ? (
        <Notice tone="success" testId="portfolio-dca-saved">
          {setting.data.smartDca?.currency
            ? t('dca.savedOn', { currency: setting.data.smartDca.currency })
            : t('dca.savedOff', { currency: sub.currency })}
        </Notice>
      ) : null}
      {setting.isError ? (
        <p className={styles.error} role="alert" data-testid="portfolio-dca-error">
          {setting.errorText ?? t('error.action')}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} data-testid="portfolio-dca-close">
          {t('dialog.close')}
        </Button>
        <Button
          type="submit"
          disabled={blocked || choice === current}
          busy={busy}
          data-testid="portfolio-dca-save"
        >
          {t('dca.save')}
        </Button>
      </div>
    </form>
  );
}
