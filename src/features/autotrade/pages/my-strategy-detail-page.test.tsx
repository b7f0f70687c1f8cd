import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as strategies from '../../../services/autotrade-strategies';
import * as subscriptions from '../../../services/autotrade-subscriptions';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import { portfolio, renderAutotrade, strategyDetail, subscription } from '../test-utils';
import { awaitsOperatorTx } from '../api/use-member-strategies';
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

const live = subscription({ margin: '15', requiredMargin: '60', marginWarning: true });

beforeEach(() => {
  vi.resetAllMocks();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  vi.mocked(strategies.getSubscriptionPortfolio).mockResolvedValue(portfolio());
  vi.mocked(strategies.getStrategyDetail).mockResolvedValue(strategyDetail());
  vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
    strategyId: 1,
    subscription: live,
    keys: [],
  });
  vi.mocked(subscriptions.getStrategyHistory).mockResolvedValue({ list: [] });
  vi.mocked(strategies.getSubscriptionProfitLoss).mockResolvedValue({ list: [] });
  vi.mocked(strategies.getSubscriptionEquity).mockResolvedValue({ list: [] });
  vi.mocked(strategies.getSubscriptionOrders).mockResolvedValue({
    list: [
      {
        orderNo: 'AT-7-4',
        signalNo: 4,
        purpose: 'signal',
        status: 'partial',
        reason: null,
        date: '2026-11-20T02:00:00.000Z',
        type: 'limit IOC',
        side: 'buy',
        leverage: 2,
        price: '64000',
        limitPrice: '64100',
        unit: '0.01',
        filled: '0.0078',
        exchangeOrderId: '991',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  });
  vi.mocked(subscriptions.getStrategyReports).mockResolvedValue({ id: 7, list: [] });
  vi.mocked(subscriptions.getStrategyFollowHistory).mockResolvedValue({
    id: 7,
    marginCurrency: 'USDT',
    movements: [{ kind: 'deposit', amount: '60', txHash: null, time: '2026-11-01T00:00:00.000Z' }],
    fees: [],
  });
});
afterEach(() => clearLoginInfo());

const renderAt = () =>
  renderAutotrade(<MyStrategyDetailPage />, {
    route: '/portfolio/autotrade/7',
    path: '/portfolio/autotrade/:id',
  });

describe('MyStrategyDetailPage', () => {
  it("shows the member's account, the low-margin banner, orders and margin movements", async () => {
    renderAt();
    await waitFor(
      () => expect(screen.getByTestId('autotrade-my').getAttribute('data-state')).toBe('active'),
      { timeout: 4000 },
    );
    expect(screen.getByTestId('autotrade-my-pnl').textContent).toContain('+12.50 USDT (+1.25%)');
    expect(screen.getByTestId('autotrade-my-position').textContent).toContain('0.007800 BTC');
    expect(screen.getByTestId('autotrade-my-margin-warning').textContent).toContain('15.00 USDT');
    const order = await screen.findByTestId('autotrade-order');
    expect(order.getAttribute('data-status')).toBe('partial');
    expect(order.textContent).toContain('Partly filled');
    expect((await screen.findByTestId('autotrade-movement')).textContent).toContain('+60.00 USDT');
  });

  it('adds custodial margin with an idempotency key', async () => {
    vi.mocked(subscriptions.stakeStrategy).mockResolvedValue({
      ...live,
      margin: '75',
      marginWarning: false,
    });
    const user = userEvent.setup();
    renderAt();
    await user.type(
      await screen.findByTestId('autotrade-my-add-amount', {}, { timeout: 4000 }),
      '60',
    );
    await user.click(screen.getByTestId('autotrade-my-add'));
    await screen.findByTestId('autotrade-my-margin-done');
    expect(vi.mocked(subscriptions.stakeStrategy)).toHaveBeenCalledWith(
      { id: 7, amount: '60' },
      expect.any(String),
    );
  });

  it('unsubscribes after showing the fee due and the margin returned', async () => {
    vi.mocked(subscriptions.getUnsubscribeInfo).mockResolvedValue({
      id: 7,
      state: 'active',
      quoteCurrency: 'USDT',
      equity: '1012.5',
      highWaterMark: '1000',
      profit: '12.5',
      performanceFeeBps: 2000,
      discountBps: 0,
      marginCurrency: 'USDT',
      margin: '15',
      feeDue: '2.5',
      marginReturned: '12.5',
      marginSource: 'custodial',
    });
    vi.mocked(subscriptions.unsubscribeStrategy).mockResolvedValue({ ...live, state: 'ended' });
    const user = userEvent.setup();
    renderAt();
    await user.click(
      await screen.findByTestId('autotrade-unsubscribe-open', {}, { timeout: 4000 }),
    );
    const dialog = await screen.findByTestId('autotrade-unsubscribe-dialog');
    expect((await within(dialog).findByTestId('autotrade-unsubscribe-fee')).textContent).toBe(
      '2.50 USDT',
    );
    expect(within(dialog).getByTestId('autotrade-unsubscribe-returned').textContent).toBe(
      '12.50 USDT',
    );
    // the refreshed CheckSubscription no longer has it: the page still says what happened
    vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
      strategyId: 1,
      subscription: null,
      keys: [],
    });
    await user.click(within(dialog).getByTestId('autotrade-unsubscribe-confirm'));
    await screen.findByTestId('autotrade-unsubscribe-done');
    expect(screen.queryByTestId('autotrade-unsubscribe-dialog')).toBeNull();
    expect(vi.mocked(subscriptions.unsubscribeStrategy)).toHaveBeenCalledWith(
      7,
      expect.any(String),
    );
  });

  it("shows an ended on-chain margin's return: the operator's MarginVault transaction and its progress", async () => {
    vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
      strategyId: 1,
      subscription: null,
      keys: [],
    });
    const ended = subscription({
      state: 'ended',
      marginCurrency: 'BCNT',
      marginSource: 'chain',
      margin: '0',
      operatorTx: {
        kind: 'release',
        state: 'broadcast',
        txHash: `0x${'ab'.repeat(32)}`,
        amount: '250',
        performanceFee: '0',
      },
    });
    vi.mocked(subscriptions.getStrategyHistory).mockResolvedValue({
      list: [{ subscription: ended, feesPaid: '0', marginReturned: '250' }],
    });
    renderAt();
    const fact = await screen.findByTestId('autotrade-my-operator-tx');
    expect(fact.getAttribute('data-state')).toBe('broadcast');
    expect(fact.textContent).toContain('Margin returned to your wallet');
    expect(fact.textContent).toContain('250.00 BCNT');
    expect(fact.textContent).toContain('sent, waiting for confirmations');
    expect(fact.textContent).toContain('0xabababab…abababab');
    expect(awaitsOperatorTx(ended)).toBe(true);
    expect(
      awaitsOperatorTx({ ...ended, operatorTx: { ...ended.operatorTx!, state: 'confirmed' } }),
    ).toBe(false);
    expect(awaitsOperatorTx({ ...ended, state: 'active' })).toBe(false);
    expect(awaitsOperatorTx({ ...ended, marginSource: 'custodial' })).toBe(false);
  });
});
