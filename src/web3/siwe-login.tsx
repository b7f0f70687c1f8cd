// Signing in with a linked wallet (Login page). Loaded with React.lazy: importing this module
// pulls wagmi, viem's wallet code and RainbowKit (and its CSS) into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { siweLogin } from '../services/member-security';
import type { LoginResult } from '../shared/api/auth';
import { SiweWalletFlow } from './siwe-wallet-flow';
import { Web3Provider } from './web3-provider';

export interface SiweLoginProps {
  /**
   * The server's answer to POST /member/siwe/login, parsed with `loginResultSchema`: success
   * (session + member), second_factor (finish with login step 2 and the ticket) or
   * device_authorization. The page handles it like a password login's step 1.
   */
  onResult: (result: LoginResult) => void;
  /** The translated reason when signing in failed (the component shows it as well). */
  onError?: (message: string) => void;
  /** Shows a Cancel/Close button that calls this (e.g. back to the password form). */
  onClose?: () => void;
}

/**
 * Mount it when the member chooses "Sign in with wallet": it connects a wallet if none is
 * (RainbowKit's modal), then nonce (purpose login) -> EIP-4361 message -> signature ->
 * POST /member/siwe/login (guest, with the login device headers). A refusal in the wallet
 * shows "Cancelled" with "Try again", never an error dump.
 * Test ids: `siwe-login-status` (data-state as in SiweLink), `siwe-login-connect`,
 * `siwe-login-sign`, `siwe-login-retry`, `siwe-login-close`.
 */
export default function SiweLogin({ onResult, onError, onClose }: SiweLoginProps) {
  return (
    <Web3Provider chainStatus={false}>
      <SiweWalletFlow
        purpose="login"
        submit={siweLogin}
        onDone={onResult}
        onFailed={onError}
        onClose={onClose}
        testIdPrefix="siwe-login"
      />
    </Web3Provider>
  );
}
