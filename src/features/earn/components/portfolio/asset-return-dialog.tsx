import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button';
import { Dialog } from '../../../../components/dialog';
import { Notice } from '../../../../components/load-states';
import { TextField } from '../../../../components/text-field';
import type { EarnSubscription } from '../../../../shared/api/earn';
import { useChangeAssetReturn } from '../../api/use-earn-settings';
import styles from './portfolio.module.css';

const UNITS_PATTERN = /^\d{0,7}$/;

/** The units field's error: a whole number from 1 to the returnable units. */
export function returnUnitsError(text: string, max: number): 'required' | 'aboveMax' | null {
  const units = Number(text);
  if (text === '' || !Number.isInteger(units) || units < 1) return 'required';
  if (units > max) return 'aboveMax';
  return null;
}

/**
 * The Asset Return page of a Pro / Pro+ subscription (/portfolio/earn/{sn}/asset-return) as a
 * dialog: Pro renews by default and compounds; before expiry the member asks for some or all of
 * the units back at expiry, edits the request or cancels it (POST premium2/ChangeAssetReturn,
 * 0 cancels). Never above the returnable units (checked here and by the server, whose refusal
 * is translated). A level change cancels a pending request (said under the form).
 */
export function AssetReturnDialog({
  open,
  onClose,
  subscription: sub,
}: {
  open: boolean;
  onClose: () => void;
  subscription: EarnSubscription;
}) {
  const { t } = useTranslation('portfolio');
  const change = useChangeAssetReturn();
  const [units, setUnits] = useState(() => String(sub.assetReturnUnits ?? ''));
  const [touched, setTouched] = useState(false);
  const max = sub.maxReturnUnits;
  const problem = returnUnitsError(units, max);
  const blocked = !sub.canRequestReturn;
  const busy = change.isPending;

  function close() {
    change.reset();
    setTouched(false);
    setUnits(String(sub.assetReturnUnits ?? ''));
    onClose();
  }

  async function save(assetReturnUnits: number) {
    try {
      const updated = await change.mutateAsync({ premiumId: sub.premiumId, assetReturnUnits });
      setUnits(String(updated.assetReturnUnits ?? ''));
      setTouched(false);
    } catch {
      // shown from change.error
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('assetReturn.title')}
      description={t('assetReturn.rules')}
      data-testid="portfolio-return-dialog"
    >
      <form
        className={styles.dialogBody}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (problem === null && !blocked && !busy) void save(Number(units));
        }}
      >
        <p className={styles.note} data-testid="portfolio-return-current">
          {sub.assetReturnUnits !== null
            ? t('assetReturn.requested', { count: sub.assetReturnUnits })
            : t('assetReturn.none')}
        </p>
        <div className={styles.unitsRow}>
          <TextField
            label={t('assetReturn.units')}
            hint={t('assetReturn.unitsHint', { max })}
            value={units}
            inputMode="numeric"
            autoComplete="off"
            disabled={blocked || busy}
            error={
              touched && problem
                ? problem === 'aboveMax'
                  ? t('assetReturn.aboveMax', { max })
                  : t('assetReturn.unitsRequired')
                : undefined
            }
            onChange={(event) => {
              const text = event.target.value.trim();
              if (UNITS_PATTERN.test(text)) {
                setUnits(text);
                change.reset();
              }
            }}
            onBlur={() => setTouched(true)}
            data-testid="portfolio-return-units"
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={blocked || busy || max < 1}
            onClick={() => setUnits(String(max))}
            data-testid="portfolio-return-max"
          >
            {t('assetReturn.max')}
          </Button>
        </div>
        <p className={styles.note}>{t('assetReturn.levelNote')}</p>
        {blocked ? (
          <Notice tone="warning" testId="portfolio-return-blocked">
            {t('assetReturn.closed')}
          </Notice>
        ) : null}
        {change.isSuccess ? (
          <Notice tone="success" testId="portfolio-return-saved">
            {change.data.assetReturnUnits !== null
              ? t('assetReturn.saved', { count: change.data.assetReturnUnits })
              : t('assetReturn.canceled')}
          </Notice>
        ) : null}
        {change.isError ? (
          <p className={styles.error} role="alert" data-testid="portfolio-return-error">
            {change.errorText ?? t('error.action')}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          {sub.assetReturnUnits !== null ? (
            <Button
              variant="secondary"
              disabled={blocked}
              busy={busy && change.variables?.assetReturnUnits === 0}
              onClick={() => save(0)}
              data-testid="portfolio-return-cancel"
            >
              {t('assetReturn.cancel')}
            </Button>
          ) : null}
          <Button
            type="submit"
            disabled={blocked}
            busy={busy && change.variables?.assetReturnUnits !== 0}
            data-testid="portfolio-return-save"
          >
            {sub.assetReturnUnits !== null ? t('assetReturn.edit') : t('assetReturn.request')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
