import { confirmWalletLogin } from '../../../services/member-auth';
import { OneTimeLinkCard } from '../components/one-time-link-card';

/**
 * /confirm-wallet-login?token=: the link e-mailed by a password reset that kept the account's
 * wallets. Opening it (once, on load) lets those wallets sign in again.
 */
export default function ConfirmWalletLoginPage() {
  return (
    <OneTimeLinkCard
      open={confirmWalletLogin}
      texts="walletConfirm"
      testIdPrefix="confirm-wallet"
    />
  );
}
