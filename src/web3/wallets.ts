import type { Wallet, WalletList } from '@rainbow-me/rainbowkit';
import {
  injectedWallet,
  metaMaskWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets';

type CreateWallet = WalletList[number]['wallets'][number];

/** How many wallets announce themselves by EIP-6963 right now (they answer synchronously). */
export function countAnnouncedWallets(target: Window): number {
  let count = 0;
  const onAnnounce = () => {
    count += 1;
  };
  target.addEventListener('eip6963:announceProvider', onAnnounce);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  target.removeEventListener('eip6963:announceProvider', onAnnounce);
  return count;
}

/**
 * The generic "Browser Wallet" (`window.ethereum`) is offered only for a wallet that does not
 * announce itself by EIP-6963: such wallets are already listed by name under "Installed", and
 * without any `window.ethereum` the entry could only fail.
 */
export function shouldOfferBrowserWallet(target: Window | undefined = globalThis.window): boolean {
  if (!target || !(target as Window & { ethereum?: unknown }).ethereum) return false;
  return countAnnouncedWallets(target) === 0;
}

const browserWallet: CreateWallet = (): Wallet => ({
  ...injectedWallet(),
  hidden: () => !shouldOfferBrowserWallet(),
});

/**
 * The wallets offered in the connect modal.
 *
 * Always: wallets that announce themselves by EIP-6963 (wagmi's multi-injected discovery;
 * RainbowKit lists them under "Installed": MetaMask, Rabby, the e2e test wallet, ...) and the
 * generic browser wallet for an older extension that only sets `window.ethereum`. None of them
 * talks to anything but the browser extension.
 *
 * Only with a WalletConnect project id: WalletConnect and RainbowKit's MetaMask entry. The
 * MetaMask entry is WalletConnect-based when the extension is missing (it throws without a
 * project id) and uses the MetaMask SDK otherwise; an installed MetaMask is already offered
 * through EIP-6963.
 */
export function buildWalletList(walletConnectProjectId: string | undefined): WalletList {
  if (!walletConnectProjectId) {
    return [{ groupName: 'Other', wallets: [browserWallet] }];
  }
  return [
    { groupName: 'Recommended', wallets: [metaMaskWallet, walletConnectWallet] },
    { groupName: 'Other', wallets: [browserWallet] },
  ];
}
