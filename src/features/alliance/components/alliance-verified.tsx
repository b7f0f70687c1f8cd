import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { showProgressBar } from '../../../components/progress-bar-store';
import { formatDateTime } from '../../../lib/date-format';
import type { AllianceRegistration, LoyaltyStatus } from '../../../services/alliance';
import { CancelVerificationDialog } from './cancel-verification-dialog';
import styles from './alliance-panel.module.css';

export interface AllianceVerifiedProps {
  registration: AllianceRegistration;
  status: LoyaltyStatus;
  /** The member cancelled the registration here. */
  onCancelled: () => void;
}

/**
 * An active registration: the wallet, the token id, since when, and that it grants level 3;
 * "Cancel verification" asks first (the level drops today).
 */
export function AllianceVerified({ registration, status, onCancelled }: AllianceVerifiedProps) {
  const { t } = useTranslation('alliance');
  const [confirming, setConfirming] = useState(false);

  return (
    <div
      className={styles.verified}
      data-testid="alliance-verified"
      data-token-id={registration.tokenId}
    >
      <p className={styles.verifiedTitle}>
        {t('verified.title', { tokenId: registration.tokenId })}
      </p>
      <dl className={styles.facts}>
        <dt>{t('verified.address')}</dt>
        <dd className={styles.mono} data-testid="alliance-verified-address">
          {registration.address}
        </dd>
        <dt>{t('verified.tokenId')}</dt>
        <dd data-testid="alliance-verified-token">#{registration.tokenId}</dd>
        <dt>{t('verified.since')}</dt>
        <dd data-testid="alliance-verified-since">
          {t('verified.sinceValue', { time: formatDateTime(registration.registeredAt) })}
        </dd>
      </dl>
      <p className={styles.grants}>{t('verified.grants')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => setConfirming(true)}
          data-testid="alliance-cancel"
        >
          {t('cancel.button')}
        </Button>
      </div>
      <CancelVerificationDialog
        open={confirming}
        onOpenChange={setConfirming}
        registration={registration}
        status={status}
        onCancelled={() => {
          onCancelled();
          showProgressBar({ type: 'success', text: t('cancel.done'), autoClose: 5000 });
        }}
      />
    </div>
  );
}
