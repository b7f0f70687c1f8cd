import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as strategies from '../../../services/autotrade-strategies';
import * as subscriptions from '../../../services/autotrade-subscriptions';
import * as apiKeys from '../../../services/exchange-api-keys';
import * as memberSecurity from '../../../services/member-security';
import { ApiError } from '../../../services/http-client';
import * as kyc from '../../../services/kyc';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import * as wallet from '../../../services/wallet';
import type { ApiKey } from '../../../shared/api/exchange-api-keys';
import { renderAutotrade, strategyDetail, subscription } from '../test-utils';
import SubscribePage from './subscribe-page';

mockExports(strategies, { getStrategyDetail: vi.fn() });
mockExports(subscriptions, {
  checkStrategySubscription: vi.fn(),
  getExchangeBalance: vi.fn(),
  getMinStake: vi.fn(),
  subscribeStrategy: vi.fn(),
});
mockExports(apiKeys, { listApiKeys: vi.fn() });
mockExports(memberSecurity, { siweWallets: vi.fn() });
mockExports(kyc, { getKycStatus: vi.fn() });
mockExports(wallet, { getWalletInfo: vi.fn() });

function apiKey(overrides: Partial<ApiKey>): ApiKey {
  return {
    id: 3,
    exchange: 'bitfinex',
    name: 'Main key',
    apiKey: 'abcd****wxyz',
    accountType: 'main',
    subAccountName: null,
    status: 'correct',
    problem: null,
    lastSyncTime: '2026-11-20T00:00:00.000Z',
    lastCheckedAt: '2026-11-20T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    inUse: false,
    ...overrides,
  };
}

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const renderFlow = () =>
  renderAutotrade(<SubscribePage />, {
    route: '/trading-bot/1/subscribe',
    path: '/trading-bot/:id/subscribe',
  });

beforeEach(() => {
  vi.resetAllMocks();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  vi.mocked(kyc.getKycStatus).mockResolvedValue({ selfUserKYCStatus: 4 } as Awaited<
    ReturnType<typeof kyc.getKycStatus>
  >);
  vi.mocked(strategies.getStrategyDetail).mockResolvedValue(strategyDetail());
  vi.mocked(memberSecurity.siweWallets).mockResolvedValue([
    { address: WALLET, chainId: 31337, linkedAt: '2026-11-01T00:00:00.000Z' },
  ]);
  vi.mocked(apiKeys.listApiKeys).mockResolvedValue({
    list: [
      apiKey({}),
      apiKey({ id: 4, name: 'Busy key', accountType: 'sub', subAccountName: 'bot' }),
    ],
  });
  vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
    strategyId: 1,
    subscription: null,
    keys: [
      { apiKeyId: 3, status: 'correct', usedBySubscriptionId: null, available: true },
      { apiKeyId: 4, status: 'correct', usedBySubscriptionId: 12, available: false },
    ],
  });
  vi.mocked(subscriptions.getExchangeBalance).mockResolvedValue({
    apiKeyId: 3,
    balances: [{ currency: 'USDT', total: '5000', free: '2500' }],
  });
  vi.mocked(subscriptions.getMinStake).mockImplementation(async (query) => ({
    strategyId: 1,
    marginCurrency: query.marginCurrency,
    allocation: query.allocation,
    minInvest: '100',
    quoteCurrency: 'USDT',
    performanceFeeBps: 2000,
    discountBps: query.marginCurrency === 'BCNT' ? 2000 : 0,
    priceUsdt: query.marginCurrency === 'BCNT' ? '0.5' : '1',
    minStake: query.marginCurrency === 'BCNT' ? '80' : '50',
    warningBelow: query.marginCurrency === 'BCNT' ? '24' : '15',
  }));
  vi.mocked(wallet.getWalletInfo).mockResolvedValue({
    balances: [
      { currency: 'USDT', total: '500', available: '500', staking: '0', pendingWithdrawal: '0' },
      { currency: 'BCNT', total: '1000', available: '1000', staking: '0', pendingWithdrawal: '0' },
    ],
  } as Awaited<ReturnType<typeof wallet.getWalletInfo>>);
});
afterEach(() => clearLoginInfo());

describe('SubscribePage', () => {
  it('subscribes with a free key, the allocation, a custodial margin and consent, idempotently', async () => {
    const user = userEvent.setup();
    renderFlow();
    const keys = await screen.findAllByTestId('autotrade-flow-key');
    expect(keys).toHaveLength(2);
    expect(within(keys[1]!).getByRole('radio')).toHaveProperty('disabled', true);
    expect(within(keys[1]!).getByTestId('autotrade-flow-key-why').textContent).toContain(
      'already follows',
    );
    expect((await screen.findByTestId('autotrade-flow-balance')).textContent).toBe(
      'Free on the exchange: 2,500.00 USDT',
    );
    // the exchange balance bounds the allocation
    await user.type(screen.getByTestId('autotrade-flow-allocation-input'), '3000');
    expect(screen.getByText('Exchange Insufficient Balance.')).toBeTruthy();
    await user.clear(screen.getByTestId('autotrade-flow-allocation-input'));
    await user.type(screen.getByTestId('autotrade-flow-allocation-input'), '1000');
    // BCNT is the default margin currency, with its discount and its minimum stake
    expect((await screen.findByTestId('autotrade-flow-min-stake')).textContent).toContain(
      'Minimum stake 80.00 BCNT',
    );
    await user.click(screen.getByTestId('autotrade-flow-margin-min'));
    expect(screen.getByTestId('autotrade-summary-margin').textContent).toBe('80.00 BCNT');
    expect(screen.getByTestId('autotrade-summary-fee').textContent).toBe(
      '16.00% (instead of 20.00%)',
    );
    await user.click(screen.getByTestId('autotrade-flow-confirm'));
    expect(screen.getByText('Please accept the terms to subscribe.')).toBeTruthy();
    expect(vi.mocked(subscriptions.subscribeStrategy)).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('autotrade-flow-consent'));

    vi.mocked(subscriptions.subscribeStrategy).mockRejectedValueOnce(
      new ApiError({
        message: 'Only one product per exchange account.',
        status: 409,
        httpStatus: 409,
        call: 'x',
      }),
    );
    await user.click(screen.getByTestId('autotrade-flow-confirm'));
    expect((await screen.findByTestId('autotrade-flow-refusal')).textContent).toBe(
      'Only one product per exchange account.',
    );
    vi.mocked(subscriptions.subscribeStrategy).mockResolvedValueOnce(
      subscription({ allocation: '1000', margin: '80', marginCurrency: 'BCNT' }),
    );
    // the refreshed CheckSubscription now has it: the success screen stays
    vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
      strategyId: 1,
      subscription: subscription(),
      keys: [],
    });
    await user.click(screen.getByTestId('autotrade-flow-confirm'));
    expect((await screen.findByTestId('autotrade-flow-success-text')).textContent).toContain(
      '1,000.00 USDT',
    );
    expect(screen.getByTestId('autotrade-flow-success-link').getAttribute('href')).toBe(
      '/portfolio/autotrade/7',
    );
    const calls = vi.mocked(subscriptions.subscribeStrategy).mock.calls;
    expect(calls[0]![0]).toEqual({
      strategyId: 1,
      apiKeyId: 3,
      allocation: '1000',
      marginCurrency: 'BCNT',
      marginSource: 'custodial',
      margin: '80',
      autoTopUp: false,
      consent: true,
    });
    // the retry of the same subscription carried the same idempotency key
    expect(calls[1]![1]).toBe(calls[0]![1]);
  });

  it('subscribes with a BCNT margin staked on chain from a linked wallet', async () => {
    const user = userEvent.setup();
    renderFlow();
    await screen.findByTestId('autotrade-flow-balance');
    await user.type(screen.getByTestId('autotrade-flow-allocation-input'), '1000');
    await screen.findByTestId('autotrade-flow-min-stake');
    await user.click(screen.getByTestId('autotrade-flow-margin-min'));
    await user.click(within(screen.getByTestId('autotrade-flow-source-chain')).getByRole('radio'));
    expect((screen.getByTestId('autotrade-flow-wallet') as HTMLSelectElement).value).toBe(WALLET);
    expect((screen.getByTestId('autotrade-flow-auto-top-up') as HTMLInputElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByTestId('autotrade-flow-consent'));
    vi.mocked(subscriptions.subscribeStrategy).mockResolvedValueOnce(
      subscription({ state: 'pending_margin', marginSource: 'chain', marginCurrency: 'BCNT' }),
    );
    await user.click(screen.getByTestId('autotrade-flow-confirm'));
    expect((await screen.findByTestId('autotrade-flow-success')).getAttribute('data-state')).toBe(
      'pending_margin',
    );
    expect(vi.mocked(subscriptions.subscribeStrategy).mock.calls[0]![0]).toEqual({
      strategyId: 1,
      apiKeyId: 3,
      allocation: '1000',
      marginCurrency: 'BCNT',
      marginSource: 'chain',
      margin: '80',
      wallet: WALLET,
      consent: true,
    });
  });

  it('offers the subscription instead of the form when the member already follows it', async () => {
    vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
      strategyId: 1,
      subscription: subscription(),
      keys: [],
    });
    renderFlow();
    await waitFor(() =>
      expect(screen.getByTestId('autotrade-flow-subscription-link').getAttribute('href')).toBe(
        '/portfolio/autotrade/7',
      ),
    );
    expect(screen.queryByTestId('autotrade-flow')).toBeNull();
  });

  it('asks for identity verification first', async () => {
    vi.mocked(kyc.getKycStatus).mockResolvedValue({ selfUserKYCStatus: 1 } as Awaited<
      ReturnType<typeof kyc.getKycStatus>
    >);
    renderFlow();
    expect(await screen.findByTestId('kyc-gate-prompt')).toBeTruthy();
    expect(vi.mocked(subscriptions.checkStrategySubscription)).not.toHaveBeenCalled();
  });
});
