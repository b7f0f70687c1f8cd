import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { useQrCode } from '../../../components/use-qr-code';
import styles from './two-step.module.css';

/**
 * The new authenticator's QR code (drawn here from the otpauth URI with the `qrcode` package,
 * as an SVG data URL: nothing is sent to another host) and the same secret as text with a copy
 * button, for apps that cannot scan.
 */
export function TotpSecret({ secret, otpauthUrl }: { secret: string; otpauthUrl: string }) {
  const { t } = useTranslation('security');
  const qr = useQrCode(otpauthUrl);
  const secretLabelId = useId();

  return (
    <div className={styles.totp}>
      <div className={styles.qrFrame} data-testid="totp-qr" data-state={qr.kind}>
        {qr.kind === 'ready' ? (
          <img className={styles.qr} src={qr.src} alt={t('totp.qrAlt')} width={192} height={192} />
        ) : qr.kind === 'loading' ? (
          <span className={styles.qrLoading} aria-hidden="true" />
        ) : (
          <p className={styles.qrFailed}>{t('totp.qrFailed')}</p>
        )}
      </div>
      <div className={styles.secretBox}>
        <p className={styles.secretLabel} id={secretLabelId}>
          {t('totp.secretLabel')}
        </p>
        <code className={styles.secret} aria-labelledby={secretLabelId} data-testid="totp-secret">
          {secret}
        </code>
        <CopyButton value={secret} label={t('totp.copySecret')} data-testid="totp-secret-copy" />
      </div>
    </div>
  );
}
