import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../components/testing/render';
import type * as HttpClient from '../../../services/http-client';
import { request } from '../../../services/http-client';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import type { BinfiOrder, BinfiUserFunds } from '../../../shared/api/binfi';
import { MyFunds } from './my-funds';

vi.mock('../../../services/http-client', async (original) => ({
  ...(await original<typeof HttpClient>()),
  request: vi.fn(),
}));
// the wallet's actions are their own chunk (wagmi)
vi.mock('./lazy-wallet', () => ({ LazyOrderWalletActions: () => null }));

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
  ...overrides,
});

let funds: BinfiUserFunds;

beforeEach(() => {
  vi.resetAllMocks();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  vi.mocked(request).mockImplementation(async () => funds);
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
