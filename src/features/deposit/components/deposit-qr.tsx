import { useTranslation } from 'react-i18next';
import { useQrCode } from '../../../components/use-qr-code';
import styles from './deposit-panel.module.css';

/**
 * The deposit address as a QR code (useQrCode: drawn in the browser, nothing sent elsewhere).
 * Bitcoin addresses are encoded in upper case.
 */
export function DepositQr({ address }: { address: string }) {
  const { t } = useTranslation('deposit');
  // BIP-173: upper case makes a smaller code (QR alphanumeric mode); wallets read both cases
  const qr = useQrCode(address.startsWith('bc1') ? address.toUpperCase() : address);

  return (
    <div className={styles.qrFrame} data-testid="deposit-qr" data-state={qr.kind}>
      {qr.kind === 'ready' ? (
        <img className={styles.qr} src={qr.src} alt={t('address.qrAlt')} width={168} height={168} />
      ) : qr.kind === 'loading' ? (
        <span className={styles.qrLoading} aria-hidden="true" />
      ) : (
        <p className={styles.qrFailed}>{t('address.qrFailed')}</p>
      )}
    </div>
  );
}
