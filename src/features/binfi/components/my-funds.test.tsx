import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as httpClient from '../../../services/http-client';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import type { BinfiOrder, BinfiUserFunds } from '../../../shared/api/binfi';
import * as lazyWallet from './lazy-wallet';
import { MyFunds } from './my-funds';

mockExports(httpClient, { request: vi.fn() });
// the wallet's actions are their own chunk (wagmi): here a marker of where they are mounted
mockExports(lazyWallet, {
  LazyOrderWalletActions: ({ order }: { order: { orderId: number } }) => (
    <span data-testid="order-actions" data-order={order.orderId} />
  ),
});

const order = (overrides: Partial<BinfiOrder>): BinfiOrder => ({
  orderId: 1,
  fundId: 4,
  variant: 'binfi',
  wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  type: 'take',
  pass: 'general',
  state: 'running',
  units: 3,
  matchedUnits: 2,
  amount: '300',
  bcntLocked: '0',
  bcntReleased: false,
  refundAmount: '100',
  refundPaidAt: '2026-11-10T02:00:00.000Z',
  received: '100',
  owed: '0',
  claimable: '0',
  redeemedAt: null,
  redemptionAmount: null,
  redemptionPaidAt: null,
  placedAt: '2026-11-01T02:00:00.000Z',
  txHash: '0xabc',
  flameResult: null,
  lastReward: null,
  settlement: null,
  ...overrides,
});

let funds: BinfiUserFunds;

beforeEach(() => {
  vi.resetAllMocks();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  vi.mocked(httpClient.request).mockImplementation(async () => funds);
});
afterEach(() => clearLoginInfo());

describe('My funds', () => {
  it("shows a Flame order's share of the live result and the refund of its unmatched part", async () => {
    funds = {
      owed: '0',
      list: [
        order({
          flameResult: {
            time: '2026-11-20T04:05:00.000Z',
            pnl: '-25.5',
            pnlRate: '-12.75',
            equity: '174.5',
          },
        }),
        order({ orderId: 2, type: 'supply', refundAmount: '0', refundPaidAt: null }),
      ],
    };
    renderWithQuery(<MyFunds />);
    const rows = await screen.findAllByTestId('binfi-order');
    const flame = rows.find((row) => row.getAttribute('data-order') === '1')!;
    const rock = rows.find((row) => row.getAttribute('data-order') === '2')!;
    expect(within(flame).getByTestId('binfi-order-flame-result').textContent).toBe(
      '-25.5 USDT (-12.75 %)',
    );
    expect(within(rock).getByTestId('binfi-order-flame-result').textContent).toBe('–');
    const notices = screen.getAllByTestId('binfi-refund-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toContain('100.00 USDT');
  });

  it('says the refund is still coming before the job paid it, in zh-TW', async () => {
    funds = { owed: '0', list: [order({ refundPaidAt: null })] };
    renderWithQuery(<MyFunds />, { lng: 'zh-TW' });
    const notice = await screen.findByTestId('binfi-refund-notice');
    expect(notice.textContent).toContain('100.00 USDT');
    expect(notice.textContent).not.toContain('refund');
  });
});

describe('My funds wallet actions', () => {
  const row = async (orderId: number) =>
    (await screen.findAllByTestId('binfi-order')).find(
      (element) => element.getAttribute('data-order') === String(orderId),
    )!;

  it('stay once shown: a claim follows its transaction after the order has nothing left to claim', async () => {
    funds = {
      owed: '0',
      list: [order({ claimable: '200' }), order({ orderId: 2, refundAmount: '0' })],
    };
    const { client } = renderWithQuery(<MyFunds />);
    expect(within(await row(1)).getByTestId('order-actions')).toBeTruthy();
    // a Flame order with nothing to claim has none (their code is not loaded for it)
    expect(within(await row(2)).queryByTestId('order-actions')).toBeNull();

    // the platform has read the claim on chain: nothing left to claim
    funds = {
      owed: '0',
      list: [order({ claimable: '0', received: '300' }), order({ orderId: 2, refundAmount: '0' })],
    };
    await client.invalidateQueries();
    await waitFor(async () =>
      expect(within(await row(1)).getByTestId('binfi-order-claimable').textContent).toBe(
        '0.00 USDT',
      ),
    );
    expect(within(await row(1)).getByTestId('order-actions')).toBeTruthy();
    expect(within(await row(2)).queryByTestId('order-actions')).toBeNull();
  });
});

describe('My funds notices', () => {
  it("tell a Rock order's latest reward month: the month, its amount and the rate per unit", async () => {
    funds = {
      owed: '0',
      list: [
        order({
          type: 'supply',
          refundAmount: '0',
          refundPaidAt: null,
          lastReward: {
            period: 2,
            perUnit: '0.666666',
            amount: '1.333332',
            fundedAt: '2026-12-10T02:00:00.000Z',
          },
        }),
        // a Flame order has no reward months
        order({ orderId: 2, refundAmount: '0', refundPaidAt: null }),
      ],
    };
    renderWithQuery(<MyFunds />, { lng: 'zh-TW' });
    const notices = await screen.findAllByTestId('binfi-reward-notice');
    expect(notices.map((n) => n.textContent)).toEqual([
      '第 4 期的第 2 個月收益已發放：此訂單 1.33 USDT（每單位 0.666666 USDT，2026/12/10 10:00 (UTC+8)）。',
    ]);
  });

  it("tell the settlement: each side's payout per unit and this order's amount, instead of the month", async () => {
    const settlement = {
      rockPerUnit: '101',
      flamePerUnit: '97.333333',
      settledAt: '2027-05-10T02:00:00.000Z',
    };
    funds = {
      owed: '0',
      list: [
        order({
          state: 'settled',
          refundAmount: '0',
          refundPaidAt: null,
          settlement: { ...settlement, amount: '194.666666' },
        }),
        order({
          orderId: 2,
          type: 'supply',
          state: 'settled',
          refundAmount: '0',
          refundPaidAt: null,
          lastReward: {
            period: 5,
            perUnit: '0.666666',
            amount: '1.333332',
            fundedAt: '2027-04-10T02:00:00.000Z',
          },
          settlement: { ...settlement, amount: '202' },
        }),
      ],
    };
    renderWithQuery(<MyFunds />);
    const notices = await screen.findAllByTestId('binfi-settlement-notice');
    expect(notices.map((n) => n.textContent)).toEqual([
      'Round #4 is settled: Rock 101.000000 USDT and Flame 97.333333 USDT per unit. This Flame order gets 194.66 USDT (2027/05/10 10:00 (UTC+8)).',
      'Round #4 is settled: Rock 101.000000 USDT and Flame 97.333333 USDT per unit. This Rock order gets 202.00 USDT (2027/05/10 10:00 (UTC+8)).',
    ]);
    expect(screen.queryByTestId('binfi-reward-notice')).toBeNull();
  });
});
