import { lazy, Suspense, useState } from 'react';
import type { VisitorWalletLinks } from '../web3/visitor-wallet-prompt';
import { WalletAreaPlaceholder } from '../web3/wallet-area-placeholder';
import { hasWalletSession } from '../web3/wallet-session';
import { LazyBoundary } from './lazy-boundary';

/**
 * The nav bar's wallet area. wagmi, viem and RainbowKit live in a lazily loaded chunk that is
 * fetched only when needed: at once for a returning wallet (so its address and BCNT balance
 * show without a click), otherwise when the member presses "Connect wallet" (the light
 * placeholder button; the connect modal then opens by itself). The landing page's first load
 * therefore carries no wallet code.
 */
const WalletArea = lazy(() => import('../web3/wallet-area'));

export function NavWallet({ visitorLinks }: { visitorLinks?: VisitorWalletLinks }) {
  const [requested, setRequested] = useState(false);
  const [active, setActive] = useState(() => hasWalletSession());

  if (!active) {
    return (
      <WalletAreaPlaceholder
        onActivate={() => {
          setRequested(true);
          setActive(true);
        }}
      />
    );
  }
  return (
    <LazyBoundary fallback={<WalletAreaPlaceholder onActivate={() => window.location.reload()} />}>
      <Suspense fallback={<WalletAreaPlaceholder />}>
        <WalletArea openConnectModalOnMount={requested} visitorLinks={visitorLinks} />
      </Suspense>
    </LazyBoundary>
  );
}
