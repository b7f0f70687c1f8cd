import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarnProductDetail, EarnSubscription } from '../shared/api/earn';
import {
  changeEarnAssetReturn,
  checkEarnJoin,
  downloadEarnStatement,
  getEarnStatement,
  getEarnXSavingHistory,
  setEarnSmartDca,
  getEarnDetail,
  getEarnGuestDetail,
  getEarnHistory,
  getEarnNav,
  getEarnProducts,
  getEarnUserFunds,
  joinEarnProduct,
  leaveEarnProduct,
  setEarnAutoRenew,
} from './earn';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
import { clearLoginInfo, setLoginInfo } from './session';

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => 'en-US',
    goToLanding: vi.fn(),
    reload: vi.fn(),
    retryDelayMs: 0,
  });
  return fake;
}

const product: EarnProductDetail = {
  id: 3,
  serialNumber: 'USDT-034R',
  name: { 'en-US': 'USDT 3-month', 'zh-TW': 'USDT 三個月', 'zh-CN': 'USDT 三个月' },
  kind: 'fixed',
  productType: 1,
  strategy: null,
  currency: 'USDT',
  settlementCurrencyId: 28,
  sortOrder: 1,
  periodMonth: 3,
  raiseStart: '2021-09-05T18:00:00.000Z',
  raiseEnd: '2021-09-14T23:59:59.000Z',
  startAt: '2021-09-14T16:00:00.000Z',
  endAt: '2021-12-14T16:00:00.000Z',
  state: 'raising',
  annualReturn: 8,
  annualReturnFallback: false,
  stakeInterestAPYLv3: 10.5,
  maxDrawdown: null,
  riskLevel: 1,
  minUnit: 10,
  maxUnit: 500,
  perUnit: '100',
  minInvestment: '1000',
  limited: true,
  premiumOnly: false,
  settlement: 'daily',
  soldUnits: 40,
  capacityUnits: 1000,
  description: { 'en-US': 'Fixed rate.', 'zh-TW': '固定利率。', 'zh-CN': '固定利率。' },
  renewable: true,
  minRenewUnits: 10,
  softCapUnits: 50,
  leverage: null,
  sharpeRatio: null,
  ytdReturn: null,
  itdReturn: null,
  managementFeePct: null,
  performanceFeePct: null,
  highWatermark: null,
  levelRates: { lv1Rate: 8, lv2Rate: 9, lv3Rate: 10.5, lv4Rate: 12 },
  consents: ['notices', 'lenderContract', 'redemptionNotice', 'notUsOrJapan'],
};
const {
  description: _d,
  renewable: _r,
  minRenewUnits: _m,
  softCapUnits: _s,
  ...listItem
} = product;
const {
  leverage: _l,
  sharpeRatio: _sr,
  ytdReturn: _y,
  itdReturn: _i,
  managementFeePct: _mf,
  performanceFeePct: _pf,
  highWatermark: _h,
  levelRates: _lr,
  consents: _c,
  ...catalogItem
} = listItem;

const subscription: EarnSubscription = {
  id: 9,
  premiumId: 3,
  serialNumber: 'USDT-034R',
  kind: 'fixed',
  currency: 'USDT',
  name: product.name,
  state: 'raising',
  units: 12,
  investedAmount: '1200',
  addedAmount: '0',
  lockedAmount: '1200',
  accumulatedReward: '0',
  pendingReward: '0',
  currentRate: 8,
  effectiveLevel: 1,
  autoRenew: false,
  assetReturnUnits: null,
  maxReturnUnits: 0,
  term: 1,
  termStart: null,
  expiryAt: '2021-12-14T16:00:00.000Z',
  nextRenewalAt: null,
  returnDueAt: null,
  returnAmount: null,
  returnedAt: null,
  redeemableUntil: null,
  redeemBcntEstimate: null,
  redeemedAt: null,
  redeemedBcnt: null,
  currentValue: null,
  profitLoss: null,
  canAddMore: true,
  canCancel: true,
  canRedeem: false,
  canSetRenew: true,
  canRequestReturn: false,
  createdAt: '2021-09-06T02:00:00.000Z',
};

const login = () => setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });

beforeEach(() => clearLoginInfo());

describe('earn service: public reads', () => {
  it('getEarnProducts as a visitor: a guest GET /api/v1/premium2/List, parsed', async () => {
    login();
    const fake = setup(() => ({ data: { list: [catalogItem] } }));
    await expect(getEarnProducts({ asMember: false })).resolves.toEqual({ list: [catalogItem] });
    expect(fake.requests[0]).toMatchObject({ path: '/api/v1/premium2/List', method: 'GET' });
    // the visitor's catalog never carries a token, even with one stored
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
    expect(fake.requests[0]?.headers['Accept-Language']).toBe('en-us');
  });

  it('getEarnProducts as a member sends the session (premier members see premium funds)', async () => {
    login();
    const fake = setup(() => ({ data: { list: [] } }));
    await getEarnProducts({ asMember: true });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('getEarnProducts: a product without its state is an invalid answer', async () => {
    const { state: _state, ...broken } = catalogItem;
    setup(() => ({ data: { list: [broken] } }));
    await expect(getEarnProducts({ asMember: false })).rejects.toMatchObject({
      message: 'invalid_response',
    });
  });

  it('getEarnGuestDetail: guest GET GuestDetail?sn=', async () => {
    const fake = setup(() => ({ data: product }));
    await expect(getEarnGuestDetail('USDT-034R')).resolves.toEqual(product);
    expect(fake.requests[0]?.path).toBe('/api/v1/premium2/GuestDetail');
    expect(fake.requests[0]?.query.get('sn')).toBe('USDT-034R');
  });

  it('getEarnGuestDetail: an amount sent as a number is an invalid answer', async () => {
    setup(() => ({ data: { ...product, perUnit: 100 } }));
    await expect(getEarnGuestDetail('USDT-034R')).rejects.toMatchObject({
      message: 'invalid_response',
    });
  });

  it('getEarnNav: GET Nav?sn=, guest or with the session', async () => {
    login();
    const nav = { list: [{ day: '2021-10-01', nav: '1.0123', drawdown: -0.4 }] };
    const fake = setup(() => ({ data: nav }));
    await expect(getEarnNav('USDT-034S', { asMember: false })).resolves.toEqual(nav);
    await getEarnNav('USDT-034S', { asMember: true });
    expect(fake.to('/api/v1/premium2/Nav')).toHaveLength(2);
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
    expect(fake.requests[1]?.headers.Authorization).toBe('Bearer tok');
  });
});

describe('earn service: the member', () => {
  it('getEarnDetail: authenticated GET Detail?sn=, with the subscription', async () => {
    login();
    const fake = setup(() => ({ data: { product, subscription } }));
    await expect(getEarnDetail('USDT-034R')).resolves.toEqual({ product, subscription });
    expect(fake.requests[0]).toMatchObject({ path: '/api/v1/premium2/Detail', method: 'GET' });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('getEarnDetail: not sent while logged out', async () => {
    const fake = setup(() => ({ data: { product, subscription: null } }));
    await expect(getEarnDetail('USDT-034R')).rejects.toMatchObject({ status: 401 });
    expect(fake.requests).toHaveLength(0);
  });

  it('checkEarnJoin: GET CheckJoin?sn=, parsed', async () => {
    login();
    const answer = {
      canJoin: true,
      reason: null,
      addMore: false,
      minUnits: 10,
      maxUnits: 500,
      perUnit: '100',
      unitsHeld: 0,
      available: '2500.5',
      currency: 'USDT',
      consents: product.consents,
    };
    const fake = setup(() => ({ data: answer }));
    await expect(checkEarnJoin('USDT-034R')).resolves.toEqual(answer);
    expect(fake.requests[0]?.path).toBe('/api/v1/premium2/CheckJoin');
    expect(fake.requests[0]?.query.get('sn')).toBe('USDT-034R');
  });

  it('getEarnUserFunds: GET UserFunds with only the filters given', async () => {
    login();
    const fake = setup(() => ({ data: { list: [subscription] } }));
    await expect(getEarnUserFunds({ kind: 'fixed' })).resolves.toEqual({ list: [subscription] });
    await getEarnUserFunds();
    expect(fake.requests[0]?.url).toMatch(/\/api\/v1\/premium2\/UserFunds\?kind=fixed$/);
    expect(fake.requests[1]?.url).toMatch(/\/api\/v1\/premium2\/UserFunds$/);
  });

  it('getEarnHistory: GET PremiumHistory?premiumId=&page=&pageSize=', async () => {
    login();
    const history = {
      list: [
        {
          id: 1,
          kind: 'subscribe',
          amount: '-1200',
          currency: 'USDT',
          day: null,
          level: null,
          rate: null,
          term: 1,
          at: '2021-09-06T02:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    };
    const fake = setup(() => ({ data: history }));
    await expect(getEarnHistory({ premiumId: 3, page: 1, pageSize: 10 })).resolves.toEqual(history);
    const query = fake.requests[0]!.query;
    expect([query.get('premiumId'), query.get('page'), query.get('pageSize')]).toEqual([
      '3',
      '1',
      '10',
    ]);
  });
});

describe('earn service: writes', () => {
  it('joinEarnProduct: POST Join with the body and the Idempotency-Key header', async () => {
    login();
    const fake = setup(() => ({ data: subscription }));
    const body = { premiumId: 3, units: 12, consents: [...product.consents] };
    await expect(joinEarnProduct(body, 'key-123')).resolves.toEqual(subscription);
    expect(fake.requests[0]).toMatchObject({ path: '/api/v1/premium2/Join', method: 'POST', body });
    expect(fake.requests[0]?.headers['Idempotency-Key']).toBe('key-123');
  });

  it('joinEarnProduct: a refusal surfaces its message and is not replayed', async () => {
    login();
    const fake = setup(() => ({ http: 400, status: 400, message: 'earn_sold_out' }));
    await expect(
      joinEarnProduct({ premiumId: 3, units: 12, consents: [] }, 'key-1'),
    ).rejects.toMatchObject({ message: 'earn_sold_out' });
    expect(fake.requests).toHaveLength(1);
  });

  it('joinEarnProduct: after an auth failure it is not replayed (the member presses again)', async () => {
    setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
    const fake = setup((request) =>
      request.path === '/api/v1/premium2/Join'
        ? { http: 401, status: 401, message: 'unauthorized' }
        : { data: { token: 'tok2', refreshToken: 'ref2', expiredTime: Date.now() + 60_000 } },
    );
    await expect(
      joinEarnProduct({ premiumId: 3, units: 12, consents: [] }, 'key-1'),
    ).rejects.toBeTruthy();
    expect(fake.to('/api/v1/premium2/Join')).toHaveLength(1);
  });

  it('leaveEarnProduct: POST Leave with the Idempotency-Key header', async () => {
    login();
    const fake = setup(() => ({ data: { ...subscription, state: 'canceled' } }));
    await leaveEarnProduct({ premiumId: 3, action: 'cancel' }, 'key-9');
    expect(fake.requests[0]).toMatchObject({
      path: '/api/v1/premium2/Leave',
      method: 'POST',
      body: { premiumId: 3, action: 'cancel' },
    });
    expect(fake.requests[0]?.headers['Idempotency-Key']).toBe('key-9');
  });

  it('setEarnAutoRenew and changeEarnAssetReturn: POST Setting and ChangeAssetReturn', async () => {
    login();
    const fake = setup(() => ({ data: subscription }));
    await setEarnAutoRenew({ premiumId: 3, isRenew: true });
    await changeEarnAssetReturn({ premiumId: 3, assetReturnUnits: 2 });
    expect(fake.requests.map((request) => [request.path, request.body])).toEqual([
      ['/api/v1/premium2/Setting', { premiumId: 3, isRenew: true }],
      ['/api/v1/premium2/ChangeAssetReturn', { premiumId: 3, assetReturnUnits: 2 }],
    ]);
    expect(fake.requests[0]?.headers).not.toHaveProperty('Idempotency-Key');
  });
});

describe('earn service: Smart DCA and the statement', () => {
  it('setEarnSmartDca and getEarnXSavingHistory: POST XSavingSetting, GET XSavingHistory paged', async () => {
    login();
    const history = {
      list: [
        {
          id: 7,
          premiumId: 3,
          serialNumber: 'USDT-034R',
          name: product.name,
          fromCurrency: 'USDT',
          fromAmount: '0.164383',
          toCurrency: 'BCNT',
          toAmount: '0.328766',
          price: '0.5',
          day: '2025-03-09',
          at: '2025-03-08T16:01:00.000Z',
        },
      ],
      total: 1,
      page: 2,
      pageSize: 5,
    };
    const fake = setup((request) =>
      request.path === '/api/v1/premium2/XSavingHistory'
        ? { data: history }
        : { data: subscription },
    );
    await setEarnSmartDca({ premiumId: 3, currency: 'BCNT' });
    await expect(getEarnXSavingHistory({ premiumId: 3, page: 2, pageSize: 5 })).resolves.toEqual(
      history,
    );
    expect(fake.requests[0]).toMatchObject({
      path: '/api/v1/premium2/XSavingSetting',
      method: 'POST',
      body: { premiumId: 3, currency: 'BCNT' },
    });
    const query = fake.requests[1]!.query;
    expect([query.get('premiumId'), query.get('page'), query.get('pageSize')]).toEqual([
      '3',
      '2',
      '5',
    ]);
  });

  it('getEarnStatement and downloadEarnStatement: the CSV as a Blob with the token, saved as a file', async () => {
    login();
    const csv = '\ufeffDate (UTC+8),Amount\r\n2025-03-09,1000\r\n';
    const requests: { url: string; auth?: string }[] = [];
    configureHttpClient({
      fetch: async (input, init) => {
        requests.push({
          url: String(input),
          auth: (init?.headers as Record<string, string>).Authorization,
        });
        return new Response(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="earn-statement-2025-03-09.csv"',
          },
        });
      },
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
      retryDelayMs: 0,
    });
    const blob = await getEarnStatement({ from: '2025-03-01', premiumId: 3 });
    // the bytes keep the byte order mark (text() drops it when decoding)
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toBe(csv.slice(1));
    expect(requests[0]).toEqual({
      url: expect.stringMatching(/\/premium2\/Statement\?from=2025-03-01&premiumId=3$/),
      auth: 'Bearer tok',
    });

    const create = vi.fn((_: Blob) => 'blob:statement-1');
    const revoke = vi.fn();
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    try {
      await expect(downloadEarnStatement({}, 'mine.csv')).resolves.toBe('mine.csv');
      expect(await create.mock.calls[0]![0].text()).toBe(csv.slice(1));
      expect(clicked).toEqual([{ href: 'blob:statement-1', download: 'mine.csv' }]);
      await new Promise((done) => setTimeout(done, 0));
      expect(revoke).toHaveBeenCalledWith('blob:statement-1');
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
      click.mockRestore();
    }
  });

  it('getEarnStatement: a refusal is read as an envelope', async () => {
    login();
    setup(() => ({ http: 401, status: 401, message: 'unauthorized' }));
    await expect(getEarnStatement()).rejects.toBeTruthy();
  });
});
