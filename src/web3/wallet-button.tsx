import { ConnectButton } from '@rainbow-me/rainbowkit';
import { useTranslation } from 'react-i18next';
import { useAccount, useSwitchChain } from 'wagmi';
import { Button } from '../components/button';
import { VisuallyHidden } from '../components/visually-hidden';
import type { AppChain } from './chains';
import { shortAddress } from './short-address';
import { ConnectWalletButton } from './wallet-area-placeholder';
import styles from './wallet-area.module.css';

const USER_REJECTED = 4001;

function isUserRejection(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === USER_REJECTED
  );
}

/**
 * The nav bar's wallet control, drawn by us over RainbowKit's state (`ConnectButton.Custom`):
 * "Connect wallet" (opens RainbowKit's connect modal), the shortened address when connected
 * (opens the account modal: copy, disconnect), and "Wrong network" when the wallet is on
 * another chain than the app's (switches the wallet to it).
 */
export function WalletButton({ appChain }: { appChain: AppChain }) {
  const { t } = useTranslation('wallet');
  const { status } = useAccount();
  const { switchChainAsync } = useSwitchChain();

  return (
    <ConnectButton.Custom>
      {({
        account,
        chain,
        mounted,
        openAccountModal,
        openChainModal,
        openConnectModal,
        accountModalOpen,
        connectModalOpen,
      }) => {
        if (!mounted || !account || !chain) {
          return (
            <ConnectWalletButton
              busy={!mounted || status === 'reconnecting'}
              expanded={connectModalOpen}
              onActivate={() => openConnectModal()}
            />
          );
        }

        const switchToAppChain = () =>
          switchChainAsync({ chainId: appChain.id }).catch((error: unknown) => {
            // A refusal in the wallet is an answer; anything else: let RainbowKit's chain modal help.
            if (!isUserRejection(error)) openChainModal();
          });

        return (
          <>
            {chain.id !== appChain.id ? (
              <Button
                variant="danger"
                size="sm"
                className={styles.onNav}
                title={t('network.switch', { chain: appChain.name })}
                data-testid="wallet-switch-network"
                onClick={switchToAppChain}
              >
                {t('network.wrong')}
                <VisuallyHidden>{`, ${t('network.switch', { chain: appChain.name })}`}</VisuallyHidden>
              </Button>
            ) : null}
            <Button
              variant="inverse"
              size="sm"
              className={styles.onNav}
              aria-haspopup="dialog"
              aria-expanded={accountModalOpen}
              data-testid="wallet-connect"
              data-state="connected"
              onClick={() => openAccountModal()}
            >
              <VisuallyHidden>{`${t('account.prefix')} `}</VisuallyHidden>
              <span className={styles.address}>{shortAddress(account.address)}</span>
            </Button>
          </>
        );
      }}
    </ConnectButton.Custom>
  );
}
