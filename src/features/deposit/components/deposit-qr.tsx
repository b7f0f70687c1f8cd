import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './deposit-panel.module.css';

type QrState = { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'failed' };

/**
 * The deposit address as a QR code, drawn here with the `qrcode` package (loaded on first use)
 * as an SVG data URL: nothing is sent to another host. Bitcoin addresses are encoded in upper
 * case (BIP-173: the QR alphanumeric mode makes a smaller code; wallets read both cases).
 */
export function DepositQr({ address }: { address: string }) {
  const { t } = useTranslation('deposit');
  const [qr, setQr] = useState<QrState>({ kind: 'loading' });

  useEffect(() => {
    let alive = true;
    setQr({ kind: 'loading' });
    const text = address.startsWith('bc1') ? address.toUpperCase() : address;
    import('qrcode')
      .then((module) =>
        module.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then(
        (svg) => {
          if (alive)
            setQr({ kind: 'ready', src: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` });
        },
        () => {
          if (alive) setQr({ kind: 'failed' });
        },
      );
    return () => {
      alive = false;
    };
  }, [address]);

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
