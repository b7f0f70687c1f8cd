import { useTranslation } from 'react-i18next';
import { Button } from '../components/button';
import styles from './wallet-area.module.css';

export interface ConnectWalletButtonProps {
  /** Work in progress (wallet code loading, reconnecting): shown busy, presses ignored. */
  busy?: boolean;
  /** The connect modal is open (for aria-expanded). */
  expanded?: boolean;
  onActivate?: () => void;
}

/**
 * "Connect wallet" on the navy nav bar (testid `wallet-connect`). Light on purpose: it imports
 * neither wagmi nor RainbowKit, so the nav can show it (as the Suspense fallback, or before the
 * wallet code is loaded) without pulling the wallet chunk into the first load.
 */
export function ConnectWalletButton({
  busy = false,
  expanded = false,
  onActivate,
}: ConnectWalletButtonProps) {
  const { t } = useTranslation('wallet');
  return (
    <Button
      variant="primary"
      size="sm"
      className={styles.onNav}
      busy={busy}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      data-testid="wallet-connect"
      data-state={busy ? 'loading' : 'disconnected'}
      onClick={() => onActivate?.()}
    >
      {t('connect.button')}
    </Button>
  );
}

/** The Suspense fallback for the lazy wallet area: the same button, busy, same size. */
export function WalletAreaPlaceholder({ onActivate }: { onActivate?: () => void }) {
  return (
    <div className={styles.area}>
      <ConnectWalletButton busy={!onActivate} onActivate={onActivate} />
    </div>
  );
}
