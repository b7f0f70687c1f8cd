// The wallet area of the nav bar. Loaded with React.lazy: importing this module is what pulls
// wagmi, viem's wallet code and RainbowKit (and RainbowKit's CSS) into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useEffect, useRef } from 'react';
import { BcntBalance } from './bcnt-balance';
import { getWagmiSetup } from './wagmi-config';
import { VisitorWalletPrompt, type VisitorWalletLinks } from './visitor-wallet-prompt';
import { WalletButton } from './wallet-button';
import { Web3Provider } from './web3-provider';
import styles from './wallet-area.module.css';

export interface WalletAreaProps {
  /**
   * Open the connect modal as soon as it can be (the user pressed the light "Connect wallet"
   * button before this chunk had loaded). Ignored when a wallet is already connected.
   */
  openConnectModalOnMount?: boolean;
  /**
   * Set for a visitor (no session) outside the sign-in screens: once a wallet is connected,
   * offer "Sign in with wallet" and "Log in / Sign up" instead of a silent nothing.
   */
  visitorLinks?: VisitorWalletLinks;
}

export default function WalletArea({
  openConnectModalOnMount = false,
  visitorLinks,
}: WalletAreaProps) {
  const setup = getWagmiSetup();
  return (
    <div className={styles.area} data-testid="wallet-area">
      <Web3Provider setup={setup} chainStatus={false}>
        <BcntBalance />
        <WalletButton appChain={setup.appChain} />
        {openConnectModalOnMount ? <OpenConnectModalOnce /> : null}
        {visitorLinks ? <VisitorWalletPrompt links={visitorLinks} /> : null}
      </Web3Provider>
    </div>
  );
}

function OpenConnectModalOnce() {
  const { openConnectModal } = useConnectModal();
  const done = useRef(false);
  useEffect(() => {
    // undefined while connected (or reconnecting to a wallet); then there is nothing to open.
    if (done.current || !openConnectModal) return;
    done.current = true;
    openConnectModal();
  }, [openConnectModal]);
  return null;
}
