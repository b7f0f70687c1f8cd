import { useEffect, useState } from 'react';

export type QrCodeState = { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'failed' };

/**
 * `text` as a QR code image source: drawn in the browser with the `qrcode` package (loaded on
 * first use, so it stays out of the first load) as an SVG data URL; nothing is sent to another
 * host. Used by the authenticator setup and the deposit address.
 */
export function useQrCode(text: string): QrCodeState {
  const [qr, setQr] = useState<QrCodeState>({ kind: 'loading' });
  useEffect(() => {
    let alive = true;
    setQr({ kind: 'loading' });
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
  }, [text]);
  return qr;
}
