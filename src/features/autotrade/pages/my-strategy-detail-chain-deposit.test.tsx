// The on-chain margin card of My Strategies detail on a fake chain (src/web3/tx/testing): the
// wallet, wagmi, viem's receipt polling and the transaction pipeline run for real.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeFunctionData, type Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as strategies from '../../../services/autotrade-strategies';
import * as subscriptions from '../../../services/autotrade-subscriptions';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import type { AutotradeSubscription } from '../../../shared/api/autotrade-subscriptions';
import { marginVaultAbi } from '../../../shared/contracts/generated';
import { usePendingTxStore } from '../../../web3/tx/pending-tx-store';
import * as wagmiConfig from '../../../web3/wagmi-config';
import { createFakeSetup, TEST_ACCOUNT, type FakeSetup } from '../../../web3/tx/testing/fake-chain';
import { BCNT, deployLoyalty, UNIT } from '../../../web3/tx/testing/fake-loyalty';
import { portfolio, renderAutotrade, strategyDetail, subscription } from '../test-utils';
import MyStrategyDetailPage from './my-strategy-detail-page';

mockExports(strategies, {
  getStrategyDetail: vi.fn(),
  getSubscriptionEquity: vi.fn(),
  getSubscriptionOrders: vi.fn(),
  getSubscriptionPortfolio: vi.fn(),
  getSubscriptionProfitLoss: vi.fn(),
});
mockExports(subscriptions, {
  checkStrategySubscription: vi.fn(),
  getStrategyFollowHistory: vi.fn(),
  getStrategyHistory: vi.fn(),
  getStrategyReports: vi.fn(),
  getUnsubscribeInfo: vi.fn(),
  stakeStrategy: vi.fn(),
  unsubscribeStrategy: vi.fn(),
});

/** The page's wagmi setup is the fake chain's (Web3Provider reads getWagmiSetup()). */
const chain: { setup?: FakeSetup } = {};
mockExports(wagmiConfig, {
  getWagmiSetup: () => ({ config: chain.setup!.config, appChain: chain.setup!.config.chains[0] }),
});

const VAULT: Address = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const MARGIN = 12n * UNIT;

const pendingMargin = subscription({
  state: 'pending_margin',
  marginCurrency: 'BCNT',
  marginSource: 'chain',
  margin: '0',
  requiredMargin: '12',
  marginWallet: TEST_ACCOUNT.toLowerCase(),
  activatedAt: null,
  deposit: {
    chainId: 31337,
    vault: VAULT,
    token: BCNT,
    amount: MARGIN.toString(),
    strategyId: '7',
    wallet: TEST_ACCOUNT.toLowerCase(),
    expiresAt: '2026-11-02T00:00:00.000Z',
  },
});
const activated: AutotradeSubscription = {
  ...pendingMargin,
  state: 'active',
  margin: '12',
  activatedAt: '2026-11-01T00:05:00.000Z',
  deposit: null,
};

function answerCheck(current: AutotradeSubscription) {
  vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
    strategyId: 1,
    subscription: current,
    keys: [],
  });
}

beforeEach(async () => {
  vi.resetAllMocks();
  usePendingTxStore.getState().refresh();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  vi.mocked(strategies.getSubscriptionPortfolio).mockResolvedValue(portfolio());
  vi.mocked(strategies.getStrategyDetail).mockResolvedValue(strategyDetail());
  vi.mocked(subscriptions.getStrategyHistory).mockResolvedValue({ list: [] });
  vi.mocked(strategies.getSubscriptionProfitLoss).mockResolvedValue({ list: [] });
  vi.mocked(strategies.getSubscriptionEquity).mockResolvedValue({ list: [] });
  vi.mocked(strategies.getSubscriptionOrders).mockResolvedValue({
    list: [],
    total: 0,
    page: 1,
    pageSize: 10,
  });
  vi.mocked(subscriptions.getStrategyReports).mockResolvedValue({ id: 7, list: [] });
  vi.mocked(subscriptions.getStrategyFollowHistory).mockResolvedValue({ list: [] } as never);
  answerCheck(pendingMargin);

  // transactions wait in the mempool until the test mines them
  chain.setup = createFakeSetup({ automine: false, ssr: true });
  deployLoyalty(chain.setup.node).fund(TEST_ACCOUNT, 1_000n * UNIT);
  chain.setup.node.deploy(VAULT, ({ data }) => {
    decodeFunctionData({ abi: marginVaultAbi, data }); // a MarginVault call, or it throws
    return { ok: true, data: '0x' };
  });
  await chain.setup.connectWallet();
});

afterEach(() => {
  clearLoginInfo();
  localStorage.clear();
});

const progress = (testId: string) => screen.getByTestId(testId).getAttribute('data-state');

describe('MyStrategyDetailPage: a margin deposited from the browser wallet', () => {
  it('follows the deposit to Done even when the subscription is activated before the page sees its receipt', async () => {
    const user = userEvent.setup();
    const { client } = renderAutotrade(<MyStrategyDetailPage />, {
      route: '/portfolio/autotrade/7',
      path: '/portfolio/autotrade/:id',
    });
    const node = chain.setup!.node;
    await user.click(
      await screen.findByTestId('autotrade-chain-deposit-send', {}, { timeout: 10_000 }),
    );

    // the approval is mined, then the deposit is sent and waits in the mempool
    await waitFor(() => expect(progress('autotrade-chain-approve-progress')).toBe('pending'));
    node.mine();
    await waitFor(() => expect(progress('autotrade-chain-deposit-progress')).toBe('pending'));

    // the platform activates the subscription before the page has the deposit's receipt
    answerCheck(activated);
    await client.refetchQueries();
    await waitFor(() =>
      expect(screen.getByTestId('autotrade-my').getAttribute('data-state')).toBe('active'),
    );
    expect(progress('autotrade-chain-deposit-progress')).toBe('pending');
    expect(screen.getByTestId('autotrade-chain-received').textContent).toContain('on chain');
    expect(screen.queryByTestId('autotrade-chain-deposit-send')).toBeNull();

    // mined: the card the deposit was sent from shows it Done
    node.mine();
    await waitFor(() => expect(progress('autotrade-chain-deposit-progress')).toBe('done'));
    expect(progress('autotrade-chain-approve-progress')).toBe('done');
    expect(screen.queryByTestId('autotrade-chain-wait')).toBeNull();
    expect(usePendingTxStore.getState().entries).toEqual({});
    expect(chain.setup!.wallet.prompts).toEqual(['eth_sendTransaction', 'eth_sendTransaction']);
  });
});
