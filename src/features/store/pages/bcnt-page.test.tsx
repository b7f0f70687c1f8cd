import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithProviders } from '../../../components/testing/render';
import { ApiError } from '../../../services/http-client';
import * as kyc from '../../../services/kyc';
import { queryKeys } from '../../../services/query-keys';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import * as store from '../../../services/store';
import type { StoreOrder, TokenInfo } from '../../../shared/api/store';
import * as storePay from '../components/store-pay';
import BcntPage from './bcnt-page';

mockExports(store, {
  createStoreOrder: vi.fn(),
  getStoreOrders: vi.fn(),
  getTokenInfo: vi.fn(),
});
mockExports(kyc, { getKycStatus: vi.fn() });
// The wallet part (wagmi, RainbowKit) is its own lazy chunk; a stand-in shows where it goes.
mockExports(storePay, {
  default: ({ amountUnits, depositAddress }: { amountUnits: bigint; depositAddress: string }) => (
    <p data-testid="store-pay-stub">{`${amountUnits.toString()} -> ${depositAddress}`}</p>
  ),
});

const createMock = vi.mocked(store.createStoreOrder);
const listMock = vi.mocked(store.getStoreOrders);
const infoMock = vi.mocked(store.getTokenInfo);
const kycMock = vi.mocked(kyc.getKycStatus);

const ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const info: TokenInfo = {
  symbol: 'BCNT',
  name: 'Bincentive Token',
  decimals: 18,
  totalSupply: '1000000000',
  chainId: 31337,
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  priceUsdt: '0.5',
  storeMinimumUsdt: '100',
  storeMaximumUsdt: '100000',
  storeQuoteMinutes: 30,
  deliveryHourUtc8: 12,
  conversionHoursMin: 1,
  conversionHoursMax: 3,
};

function order(overrides: Partial<StoreOrder> = {}): StoreOrder {
  return {
    orderNumber: 'BC20250307000001',
    status: 'Created',
    depositAddress: ADDRESS,
    chainId: 31337,
    usdtTokenAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    usdtAmount: '1500',
    depositedUsdt: '0',
    confirmingUsdt: '0',
    bcntAmount: '3000',
    priceUsdt: '0.5',
    belowMinimum: false,
    txHash: null,
    createdAt: '2025-03-07T17:00:00.000Z',
    quoteExpiresAt: '2025-03-07T17:30:00.000Z',
    // by the server's clock the quote still holds 29 minutes unless a test says otherwise
    quoteSecondsLeft: 29 * 60,
    walletCreditedUsdt: '0',
    depositedAt: null,
    deliverAt: null,
    deliveredAt: null,
    ...overrides,
  };
}

function render(route = '/bcnt', lng = 'en-US') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = renderWithProviders(<BcntPage />, {
    route,
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

const tooManyUnpaid = () =>
  new ApiError({ message: 'store_too_many_unpaid_orders', call: 'POST /token/order' });

const verified = (status: number) =>
  kycMock.mockResolvedValue({ selfUserKYCStatus: status } as Awaited<
    ReturnType<typeof kyc.getKycStatus>
  >);

beforeEach(() => {
  // reset, not clear: answers queued by a test that failed early must not reach the next one
  vi.resetAllMocks();
  infoMock.mockResolvedValue(info);
  listMock.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 });
});
afterEach(() => clearLoginInfo());

describe('BcntPage for visitors', () => {
  it('shows BCNT, its supply, price and the store rules, and a log-in prompt instead of the store', async () => {
    render();
    expect(screen.getByTestId('bcnt-page')).toBeTruthy();
    expect(screen.getByTestId('bcnt-supply').textContent).toContain('1,000,000,000 BCNT');
    expect(await screen.findByText('0.5 USDT per BCNT')).toBeTruthy();
    const rules = screen.getByTestId('store-rules');
    expect(rules.textContent).toContain('Minimum purchase: 100 USDT.');
    // the spec's two times in one sentence that says what each is
    expect(screen.getByTestId('store-rules-timing').textContent).toBe(
      'Once your USDT payment is confirmed on the network, the store converts it to BCNT within 1 to 3 hours; the BCNT is delivered to your platform wallet the next business day at 12:00 (UTC+8).',
    );
    expect(rules.querySelectorAll('li')).toHaveLength(3);
    expect(rules.textContent?.match(/1 to 3 hours/g)).toHaveLength(1);
    expect(rules.textContent?.match(/12:00/g)).toHaveLength(1);
    expect(screen.getByTestId('store-login').getAttribute('href')).toBe('/login?back=Bcnt');
    expect(screen.queryByTestId('store-amount')).toBeNull();
    expect(screen.queryByTestId('store-convert-pointer')).toBeNull();
    expect(kycMock).not.toHaveBeenCalled();
  });
});

describe('BcntPage for members', () => {
  beforeEach(() => setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 }));

  it('asks an unverified member to verify instead of showing the store', async () => {
    verified(2);
    render();
    expect(await screen.findByTestId('store-kyc-gate')).toBeTruthy();
    expect(screen.queryByTestId('store-amount')).toBeNull();
    await userEvent.click(screen.getByTestId('store-kyc-verify'));
    expect(await screen.findByTestId('kyc-gate-prompt')).toBeTruthy();
    expect(screen.getByTestId('kyc-gate-verify').getAttribute('href')).toBe('/kyc');
  });

  it('points members who hold USDT on the platform to Convert', async () => {
    verified(4);
    render();
    const pointer = await screen.findByTestId('store-convert-pointer');
    expect(pointer.textContent).toContain('Already hold USDT in your platform wallet?');
    expect(screen.getByTestId('store-convert-link').getAttribute('href')).toBe(
      '/wallet?tab=convert',
    );
  });

  it('shows the BCNT an amount buys; Buy stays disabled below 100 USDT and says why', async () => {
    verified(4);
    render();
    const amount = await screen.findByTestId('store-amount');
    const buy = screen.getByTestId('store-buy') as HTMLButtonElement;
    await screen.findByText(/at 0.5 USDT per BCNT/);
    expect(buy.disabled).toBe(true);
    await userEvent.type(amount, '1500');
    expect(screen.getByTestId('store-receive').textContent).toContain('3,000.00 BCNT');
    expect(buy.disabled).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '99.5');
    expect(buy.disabled).toBe(true);
    await userEvent.click(buy);
    expect(createMock).not.toHaveBeenCalled();
    // leaving the field tells why
    await userEvent.tab();
    expect(await screen.findByText('The minimum purchase is 100 USDT.')).toBeTruthy();
    // a letter is blocked and the field says so
    await userEvent.type(amount, 'x');
    expect((amount as HTMLInputElement).value).toBe('99.5');
    expect(screen.getByTestId('store-amount-blocked').textContent).toBe(
      'Type digits and at most one decimal point.',
    );
  });

  it('refuses more than the largest order as it is typed', async () => {
    verified(4);
    render();
    await userEvent.type(await screen.findByTestId('store-amount'), '100001');
    expect(screen.getByText(/above the largest order/)).toBeTruthy();
    expect((screen.getByTestId('store-buy') as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates the order with its key and shows it with its address and the payment', async () => {
    verified(4);
    let resolve: (value: StoreOrder) => void = () => undefined;
    createMock.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { client } = render();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await userEvent.type(await screen.findByTestId('store-amount'), '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    // busy: a second press sends nothing
    await userEvent.click(screen.getByTestId('store-buy'));
    expect(createMock).toHaveBeenCalledTimes(1);
    const [body, key] = createMock.mock.calls[0]!;
    expect(body).toEqual({ usdtAmount: '1500' });
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);

    listMock.mockResolvedValue({ items: [order()], total: 1, page: 1, pageSize: 10 });
    resolve(order());
    const card = await screen.findByTestId('store-order');
    expect(card.getAttribute('data-state')).toBe('Created');
    expect(screen.getByTestId('store-order-address').textContent).toContain(ADDRESS);
    expect(within(card).getByText('Created')).toBeTruthy();
    expect((await screen.findByTestId('store-pay-stub')).textContent).toContain(
      `1500000000 -> ${ADDRESS}`,
    );
    expect(screen.getByTestId('store-quote-countdown').textContent).toMatch(
      /^Price valid for (29:00|28:5\d)$/,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.member.storeOrders() });
  });

  it('the price counts down; once expired it says a payment goes to the USDT balance and offers no Pay', async () => {
    verified(4);
    const expiring = order({ quoteSecondsLeft: 2 });
    createMock.mockResolvedValue(expiring);
    listMock.mockResolvedValue({ items: [expiring], total: 1, page: 1, pageSize: 10 });
    render();
    await userEvent.type(await screen.findByTestId('store-amount'), '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    expect((await screen.findByTestId('store-quote-countdown')).textContent).toMatch(
      /Price valid for 0:0[12]/,
    );
    expect(await screen.findByTestId('store-pay-stub')).toBeTruthy();
    const expired = await screen.findByTestId('store-quote-expired', {}, { timeout: 5_000 });
    expect(expired.textContent).toContain('credited to your USDT balance');
    expect(screen.queryByTestId('store-quote-countdown')).toBeNull();
    expect(screen.queryByTestId('store-pay-stub')).toBeNull();
  });

  it('USDT credited to the balance instead of the order is shown on it', async () => {
    verified(4);
    const credited = order({ quoteSecondsLeft: 0, walletCreditedUsdt: '1500' });
    createMock.mockResolvedValue(credited);
    listMock.mockResolvedValue({ items: [credited], total: 1, page: 1, pageSize: 10 });
    render('/bcnt', 'zh-TW');
    await userEvent.type(await screen.findByTestId('store-amount'), '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    expect((await screen.findByTestId('store-order-wallet-credited')).textContent).toContain(
      '已存入您的 USDT 餘額',
    );
    expect(screen.getByTestId('store-quote-expired').textContent).toContain('2025/03/08 01:30');
  });

  it('Buy again after a failure retries the same order with its key; another amount is a new order', async () => {
    verified(4);
    createMock
      .mockRejectedValueOnce(tooManyUnpaid())
      .mockRejectedValueOnce(tooManyUnpaid())
      .mockResolvedValueOnce(order({ usdtAmount: '1600', bcntAmount: '3200' }));
    render();
    const amount = await screen.findByTestId('store-amount');
    await userEvent.type(amount, '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    expect(await screen.findByTestId('store-buy-error')).toBeTruthy();
    await userEvent.click(screen.getByTestId('store-buy'));
    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(2));
    const [first, retry] = createMock.mock.calls;
    expect(retry).toEqual([{ usdtAmount: '1500' }, first![1]]);

    // another amount: the refusal is gone and Buy makes another order
    await screen.findByTestId('store-buy-error');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1600');
    expect(screen.queryByTestId('store-buy-error')).toBeNull();
    await userEvent.click(screen.getByTestId('store-buy'));
    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(3));
    const [body, key] = createMock.mock.calls[2]!;
    expect(body).toEqual({ usdtAmount: '1600' });
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(key).not.toBe(first![1]);
    expect(await screen.findByTestId('store-order')).toBeTruthy();
  });

  it('after an order was made, Buy for the same amount is a new order with a new key', async () => {
    verified(4);
    createMock
      .mockResolvedValueOnce(order())
      .mockResolvedValueOnce(order({ orderNumber: 'BC20250307000002' }));
    render();
    await userEvent.type(await screen.findByTestId('store-amount'), '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    await userEvent.click(await screen.findByTestId('store-new-order'));
    await userEvent.type(await screen.findByTestId('store-amount'), '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    expect((await screen.findByTestId('store-order-number')).textContent).toBe('BC20250307000002');
    expect(createMock).toHaveBeenCalledTimes(2);
    const [[firstBody, firstKey], [secondBody, secondKey]] = createMock.mock.calls as [
      Parameters<typeof store.createStoreOrder>,
      Parameters<typeof store.createStoreOrder>,
    ];
    expect(secondBody).toEqual(firstBody);
    expect(secondKey).not.toBe(firstKey);
  });

  it('follows the order to Deposited through the order list', async () => {
    verified(4);
    createMock.mockResolvedValue(order());
    listMock.mockResolvedValue({
      items: [
        order({
          status: 'Deposited',
          depositedUsdt: '1500',
          depositedAt: '2025-03-07T17:05:00.000Z',
          deliverAt: '2025-03-10T04:00:00.000Z',
        }),
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    render();
    await userEvent.type(await screen.findByTestId('store-amount'), '1500');
    await userEvent.click(screen.getByTestId('store-buy'));
    await waitFor(() =>
      expect(screen.getByTestId('store-order').getAttribute('data-state')).toBe('Deposited'),
    );
    expect(screen.getByTestId('store-order-deliver-at').textContent).toContain('2025/03/10 12:00');
    expect(screen.queryByTestId('store-pay-stub')).toBeNull();
  });

  it('shows a refused order in words', async () => {
    verified(4);
    createMock.mockRejectedValue(tooManyUnpaid());
    render();
    await userEvent.type(await screen.findByTestId('store-amount'), '100');
    await userEvent.click(screen.getByTestId('store-buy'));
    expect((await screen.findByTestId('store-buy-error')).textContent).toContain(
      'You have too many unpaid orders.',
    );
  });

  it('lists the orders in Transaction History with translated states and dates', async () => {
    verified(4);
    listMock.mockResolvedValue({
      items: [
        order({
          orderNumber: 'BC20250310000002',
          status: 'Delivered',
          depositedUsdt: '1500',
          deliveredAt: '2025-03-10T04:00:00.000Z',
        }),
        order(),
      ],
      total: 12,
      page: 1,
      pageSize: 10,
    });
    render('/bcnt?tab=history', 'zh-TW');
    const rows = await screen.findAllByTestId('store-history-row');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['Delivered', 'Created']);
    expect(within(rows[0]!).getByText('已發放')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('1,500.00');
    expect(rows[0]!.textContent).toContain('3,000.00');
    expect(rows[1]!.textContent).toContain('2025/03/08');
    await userEvent.click(screen.getByTestId('store-history-next'));
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 }));
  });
});
