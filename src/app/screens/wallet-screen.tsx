import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Skeleton } from '../../components/load-states';
import { WalletPage } from '../../features/custody/pages/wallet-page';
import { DepositPanel } from '../../features/deposit/components/deposit-panel';
import { ensureNamespaces } from '../../i18n/lazy-namespaces';
import { whenIdle } from '../../lib/idle';
import { afterFirstContentfulPaint } from '../first-paint';
import { LazyBoundary } from '../lazy-boundary';
import { WALLET_TAB_NAMESPACES } from '../route-preloads';
import type * as TabPanelsModule from './wallet-tab-panels';

type TabPanels = typeof TabPanelsModule;

let tabPanels: Promise<TabPanels> | null = null;

/**
 * The chunk of the other tabs' panels with their translations (once; a failed fetch may be
 * tried again).
 */
export function loadTabPanels(): Promise<TabPanels> {
  tabPanels ??= Promise.all([
    ensureNamespaces(WALLET_TAB_NAMESPACES),
    import('./wallet-tab-panels'),
  ]).then(
    ([, panels]) => panels,
    (error: unknown) => {
      tabPanels = null;
      throw error;
    },
  );
  return tabPanels;
}

function lazyPanel(name: keyof TabPanels) {
  const Panel = lazy(async () => ({ default: (await loadTabPanels())[name] as ComponentType }));
  return function LazyPanel() {
    return (
      <LazyBoundary fallback={null}>
        <Suspense fallback={<Skeleton lines={4} testId="wallet-panel-loading" />}>
          <Panel />
        </Suspense>
      </LazyBoundary>
    );
  };
}

const WithdrawPanel = lazyPanel('WithdrawPanel');
const ConvertPanel = lazyPanel('ConvertPanel');
const CustodialStakePanel = lazyPanel('CustodialStakePanel');
const ConvertHistory = lazyPanel('ConvertHistory');
const StakeHistory = lazyPanel('StakeHistory');
const AddressBookPanel = lazyPanel('AddressBookPanel');

/** After the page's first contentful paint, when the browser is idle (1 s at the latest). */
function loadTabPanelsWhenIdle(): () => void {
  let cancel: (() => void) | undefined;
  let cancelled = false;
  afterFirstContentfulPaint(() => {
    if (!cancelled) cancel = whenIdle(() => void loadTabPanels().catch(() => undefined));
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
}

/**
 * /wallet: the custody feature's page (balances, transaction history, tabs) with the panels of
 * the deposit, withdraw and convert features in its tabs. Features never import each other; the
 * app composes them here. Deposit, the default tab, comes with the screen; the other panels
 * come in their own chunk (wallet-tab-panels.tsx), after the first paint.
 */
export default function WalletScreen() {
  useEffect(loadTabPanelsWhenIdle, []);
  return (
    <WalletPage
      panels={{
        deposit: <DepositPanel />,
        withdrawal: <WithdrawPanel />,
        convert: <ConvertPanel />,
        stake: <CustodialStakePanel />,
        conversions: <ConvertHistory />,
        'stake-history': <StakeHistory />,
        addresses: <AddressBookPanel />,
      }}
    />
  );
}
