// The developer tools page (/dev/contracts): never in production builds or routes. Its route's
// screen exists only when APP_ENV is not production (src/app/routes.ts), so this chunk (wagmi,
// viem, RainbowKit through Web3Provider) is not even emitted by a production build.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useSearchParams } from 'react-router';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { getWagmiSetup } from '../../../web3/wagmi-config';
import { Web3Provider } from '../../../web3/web3-provider';
import { ContractPanel } from '../components/contract-panel';
import styles from '../components/dev-tools.module.css';
import { EventsPanel } from '../components/events-panel';
import { FaucetPanel } from '../components/faucet-panel';
import { TimeTravelPanel } from '../components/time-travel-panel';
import { useDevT, useDevTexts } from '../dev-texts';
import { devContracts } from '../utils/dev-contracts';

export default function DevContractsPage() {
  const ready = useDevTexts();
  if (!ready) return <Skeleton lines={6} testId="dev-contracts-loading" />;
  return (
    <Web3Provider>
      <DevContractsContent />
    </Web3Provider>
  );
}

/** The page inside Web3Provider (tests render this). */
export function DevContractsContent() {
  const t = useDevT();
  const chainId = getWagmiSetup().appChain.id;
  const contracts = devContracts(chainId);
  const [search, setSearch] = useSearchParams();
  const contract = contracts.find((item) => item.id === search.get('contract')) ?? contracts[0];
  const { address, isConnected } = useAccount();
  const { openConnectModal } = useConnectModal();

  return (
    <div className={styles.page} data-testid="dev-contracts-page">
      <PageHeader
        title={t('page.title')}
        description={t('page.description', { chainId })}
        actions={
          isConnected && address ? (
            <span className={styles.mono} data-testid="dev-wallet">
              {t('wallet.connected', { address })}
            </span>
          ) : (
            <Button
              variant="secondary"
              onClick={() => openConnectModal?.()}
              data-testid="dev-connect"
            >
              {t('wallet.connect')}
            </Button>
          )
        }
      />
      {!isConnected ? <Notice tone="info">{t('wallet.notConnected')}</Notice> : null}
      <div className={styles.grid}>
        <TimeTravelPanel />
        <FaucetPanel />
      </div>
      {contract ? (
        <>
          <ContractPanel
            contracts={contracts}
            contract={contract}
            chainId={chainId}
            onChoose={(id) => {
              const next = new URLSearchParams(search);
              next.set('contract', id);
              setSearch(next, { replace: true });
            }}
          />
          <EventsPanel contract={contract} chainId={chainId} />
        </>
      ) : (
        <Notice tone="warning">{t('contracts.notDeployed', { chainId })}</Notice>
      )}
    </div>
  );
}
