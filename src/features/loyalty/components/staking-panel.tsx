// The BCNT staking panel. Loaded with React.lazy (lazy-staking-panel.tsx): importing this module
// pulls wagmi, viem's wallet code and RainbowKit (and its CSS) into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useEffect, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import type { StakeThresholds } from '../../../shared/membership/levels';
import { BCNT_DECIMALS, BCNT_SYMBOL } from '../../../web3/bcnt-token';
import { formatTokenAmount } from '../../../web3/format-token-amount';
import { shortAddress } from '../../../web3/short-address';
import { Web3Provider } from '../../../web3/web3-provider';
import { useLoyaltyStatus } from '../api/use-loyalty-status';
import { useWalletStake, type Loadable } from '../hooks/use-wallet-stake';
import { isLinkedWallet } from '../utils/levels';
import { paths } from '../../../lib/paths';
import { InlineSkeleton, LoadError, Notice } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { MemberLevelSummary } from './member-level';
import { StakeForm } from './stake-form';
import { UnstakeForm } from './unstake-form';
import { UnstakeRequests } from './unstake-requests';
import common from './loyalty.module.css';
import styles from './staking-panel.module.css';

export interface StakingPanelProps {
  /** Told the staking contract's level thresholds once read (the program page shows them). */
  onThresholds?: (thresholds: StakeThresholds) => void;
}

/**
 * BCNT staking for the connected wallet, with the member's level: wallet balance, staked and
 * cooling amounts, Stake (approve -> stake), Request unstake, the unstake requests with a
 * countdown on chain time and Withdraw. Wraps itself in Web3Provider. No required props: the
 * loyalty program page and the Account page render it the same way.
 */
export function StakingPanel(props: StakingPanelProps = {}): JSX.Element {
  return (
    <Web3Provider>
      <StakingPanelContent {...props} />
    </Web3Provider>
  );
}

export default StakingPanel;

/** The panel without its providers (must sit inside Web3Provider); tests render this. */
export function StakingPanelContent({ onThresholds }: StakingPanelProps) {
  const { t } = useTranslation('loyalty');
  const wallet = useWalletStake();
  const status = useLoyaltyStatus();
  const { openConnectModal } = useConnectModal();

  const thresholds = wallet.thresholds.status === 'success' ? wallet.thresholds.value : undefined;
  useEffect(() => {
    if (thresholds) onThresholds?.(thresholds);
    // the three values, not the object identity, decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [thresholds?.level2, thresholds?.level3, thresholds?.level4]);

  const connected = wallet.connection === 'connected' && wallet.address !== undefined;
  const statusData = status.loggedIn ? status.query.data : undefined;
  const unlinked =
    connected && statusData !== undefined && !isLinkedWallet(wallet.address, statusData.wallets);
  const position = connected ? wallet.position : undefined;

  return (
    <SectionCard
      title={t('staking.title')}
      description={t('staking.description')}
      actions={
        connected ? (
          <p className={styles.address} data-testid="staking-address">
            {t('staking.wallet', { address: shortAddress(wallet.address ?? '') })}
          </p>
        ) : undefined
      }
      data-testid="staking-panel"
      data-state={
        wallet.contracts === undefined ? 'unavailable' : connected ? 'ready' : 'disconnected'
      }
    >
      <MemberLevelSummary
        loggedIn={status.loggedIn}
        status={status.query}
        indexing={status.indexing}
        position={position}
        thresholds={wallet.thresholds}
      />

      {wallet.contracts === undefined ? (
        <Notice tone="warning" testId="staking-unavailable">
          {t('staking.unavailable')}
        </Notice>
      ) : !connected ? (
        <div className={styles.connect}>
          <p className={styles.connectHint}>{t('staking.connectHint')}</p>
          <Button
            onClick={() => openConnectModal?.()}
            busy={wallet.connection === 'connecting'}
            data-testid="staking-connect"
          >
            {t('staking.connect')}
          </Button>
        </div>
      ) : (
        <>
          {unlinked ? (
            <Notice tone="warning" testId="staking-unlinked-warning">
              {t('staking.unlinked', { address: shortAddress(wallet.address ?? '') })}{' '}
              <Link
                className={common.link}
                to={paths.Security.getHref(undefined, { tab: 'two-step' })}
              >
                {t('staking.linkWallet')}
              </Link>
            </Notice>
          ) : null}

          <dl className={styles.stats}>
            <Stat
              label={t('staking.balance')}
              value={wallet.balance}
              testId="staking-wallet-balance"
            />
            <Stat
              label={t('staking.staked')}
              value={mapLoadable(wallet.position, (p) => p.staked)}
              testId="staking-staked"
            />
            <Stat
              label={t('staking.cooling')}
              hint={t('staking.coolingHint')}
              value={mapLoadable(wallet.position, (p) => p.pending)}
              testId="staking-cooling"
            />
          </dl>

          <div className={styles.forms}>
            <StakeForm balance={wallet.balance} />
            <UnstakeForm staked={mapLoadable(wallet.position, (p) => p.staked)} />
          </div>

          <UnstakeRequests requests={wallet.requests} chainId={wallet.contracts.chainId} />
        </>
      )}
    </SectionCard>
  );
}

function mapLoadable<T, R>(value: Loadable<T>, map: (value: T) => R): Loadable<R> {
  return value.status === 'success' ? { status: 'success', value: map(value.value) } : value;
}

function Stat({
  label,
  hint,
  value,
  testId,
}: {
  label: string;
  hint?: string;
  value: Loadable<bigint>;
  testId: string;
}) {
  const { t } = useTranslation('loyalty');
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>
        {label}
        {hint ? <span className={styles.statHint}>{hint}</span> : null}
      </dt>
      <dd className={styles.statValue}>
        {value.status === 'loading' ? (
          <InlineSkeleton testId={`${testId}-loading`} />
        ) : value.status === 'error' ? (
          <LoadError
            message={t('wallet.readError')}
            onRetry={value.retry}
            testId={`${testId}-error`}
          />
        ) : (
          <span data-testid={testId} data-numeric="">
            {t('amount.bcnt', {
              amount: formatTokenAmount(value.value, {
                decimals: BCNT_DECIMALS,
                maxFractionDigits: 4,
              }),
              symbol: BCNT_SYMBOL,
            })}
          </span>
        )}
      </dd>
    </div>
  );
}
