import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import type { AllianceRegistration, LoyaltyStatus } from '../../../services/alliance';
import { deriveMemberLevel, type LoyaltyLevel } from '../../../shared/membership/levels';
import { useUnregisterAlliance } from '../api/use-unregister-alliance';
import { useErrorText } from '../../../hooks/use-error-text';
import styles from './alliance-panel.module.css';

export interface CancelVerificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  registration: AllianceRegistration;
  status: LoyaltyStatus;
  /** The server ended the registration. */
  onCancelled: () => void;
}

/** The member level once the NFT no longer counts (staking may keep it). */
export function levelWithoutNft(status: LoyaltyStatus) {
  return deriveMemberLevel({
    kycVerified: status.kycVerified,
    stakeLevel: status.stakeLevel as LoyaltyLevel,
    allianceNft: false,
  });
}

/**
 * Asks before PATCH /member/loyalty/alliance/unregister: the level from the NFT ends today
 * (spec: cancelling an NFT verification drops the level the same day). Says what the level
 * becomes. Stays open with the translated refusal when the server says no.
 */
export function CancelVerificationDialog({
  open,
  onOpenChange,
  registration,
  status,
  onCancelled,
}: CancelVerificationDialogProps) {
  const { t } = useTranslation('alliance');
  const errorText = useErrorText();
  const unregister = useUnregisterAlliance();
  const [error, setError] = useState<string | undefined>();
  const busy = unregister.isPending;
  const after = levelWithoutNft(status);

  function change(next: boolean) {
    if (busy) return; // the call runs: no closing under it
    if (!next) setError(undefined);
    onOpenChange(next);
  }

  async function confirm() {
    setError(undefined);
    try {
      await unregister.mutateAsync();
      onCancelled();
      onOpenChange(false);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('cancel.title')}
      description={t('cancel.body', { tokenId: registration.tokenId })}
      size="sm"
      data-testid="alliance-cancel-dialog"
    >
      <div className={styles.dialogBody}>
        <p data-testid="alliance-cancel-level">
          {after < status.level
            ? t('cancel.levelDrops', { from: status.level, to: after })
            : t('cancel.levelStays', { level: status.level })}
        </p>
        {error ? (
          <p role="alert" className={styles.dialogError} data-testid="alliance-cancel-error">
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={() => change(false)} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button
            variant="danger"
            busy={busy}
            onClick={confirm}
            data-testid="alliance-cancel-confirm"
          >
            {t('cancel.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
