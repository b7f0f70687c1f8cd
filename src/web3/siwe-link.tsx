// Linking a wallet to the member (Security page). Loaded with React.lazy: importing this module
// pulls wagmi, viem's wallet code and RainbowKit (and its CSS) into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { siweLink, type SiweLinkConfirmation } from '../services/member-security';
import type { LinkedWallet } from '../shared/api/auth';
import { SiweWalletFlow } from './siwe-wallet-flow';
import { Web3Provider } from './web3-provider';

export interface SiweLinkProps {
  /** The server linked the address (POST /member/siwe/link answered). */
  onLinked: (wallet: LinkedWallet) => void;
  /** The member closes the panel. */
  onClose: () => void;
  /** The password (and current two-step code) the member confirmed before linking. */
  confirmation: SiweLinkConfirmation;
  /** Told the translated message when linking fails (a wrong password, say). */
  onFailed?: (message: string) => void;
}

/**
 * Connect (if needed) -> nonce (purpose link) -> EIP-4361 message -> signature -> siwe/link.
 * Test ids: `link-wallet-status` (data-state: disconnected, preparing, waiting, submitting,
 * done, cancelled, failed), `link-wallet-connect`, `link-wallet-sign`, `link-wallet-retry`,
 * `link-wallet-close`.
 */
export default function SiweLink({ onLinked, onClose, confirmation, onFailed }: SiweLinkProps) {
  return (
    <Web3Provider chainStatus={false}>
      <SiweWalletFlow
        purpose="link"
        submit={(body) => siweLink({ ...body, ...confirmation })}
        onDone={onLinked}
        {...(onFailed ? { onFailed } : {})}
        onClose={onClose}
        testIdPrefix="link-wallet"
      />
    </Web3Provider>
  );
}
