import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as kycService from '../../../services/kyc';
import { ApiError } from '../../../services/http-client';
import * as httpClient from '../../../services/http-client';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import type {
  BinfiCheckJoin,
  BinfiEstimatedReturn,
  BinfiRound,
  BinfiSideDetail,
} from '../../../shared/api/binfi';
import { kycStatus } from '../test-utils';
import { forgetKeptQuery } from '../utils/keep-query';
import * as lazyWallet from '../components/lazy-wallet';
import BinfiDetailPage from './binfi-detail-page';

mockExports(kycService, { getKycStatus: vi.fn() });
// the gateway answered by path (the feature's fetchers run for real)
mockExports(httpClient, { request: vi.fn() });
// the wallet's form is its own chunk (wagmi): here only the gates before it are under test
mockExports(lazyWallet, {
  LazyJoinWallet: ({ maxUnits }: { maxUnits: number }) => (
    <p data-testid="wallet-form">{`up to ${maxUnits}`}</p>
  ),
  LazyOrderWalletActions: () => null,
});

function round(overrides: Partial<BinfiRound> = {}): BinfiRound {
  return {
    fundId: 7,
    variant: 'galaxy',
    state: 'fundraising',
    isPrivate: false,
    defaulted: false,
    unitPrice: '100',
    rockPerFlame: 1,
    leverage: 2,
    flameCapacity: 3,
    rockCapacity: 3,
    maxUnitsPerOrder: 5,
    accountCap: 10,
    lockPerUnit: '1000',
    termMonths: 3,
    raiseStart: '2026-11-01T00:00:00.000Z',
    raiseEnd: '2026-11-08T00:00:00.000Z',
    startAt: null,
    maturity: null,
    stopLossAt: null,
    stopLossDeadline: null,
    settledAt: null,
    rockUnits: 2,
    flameUnits: 1,
    matchedRock: 0,
    matchedFlame: 0,
    redeemedRock: 0,
    deposited: '300',
    matchedValue: '0',
    refundTotal: '0',
    rockPayoutPerUnit: null,
    flamePayoutPerUnit: null,
    terms: {
      rockApr: '8',
      platformFeeRate: '1',
      stopLossRate: '80',
      symbol: 'BTC/USDT',
      rockRewardPerUnit: '0.666666',
      platformFeePerUnit: '0.25',
      breakEven: '2.5',
      referralRebate: '10',
      rockSettlement: 'monthly',
      flameSettlement: 'maturity',
    },
    ...overrides,
  } as BinfiRound;
}

const detail = (r: BinfiRound, side: 'supply' | 'take' = 'take'): BinfiSideDetail => ({
  round: r,
  side,
  units: side === 'take' ? r.flameUnits : r.rockUnits,
  matchedUnits: 0,
  available: 2,
  periods: [],
  paidPerUnit: '0',
  flameResult: null,
});

const check = (overrides: Partial<BinfiCheckJoin> = {}): BinfiCheckJoin => ({
  fundId: 7,
  type: 'take',
  canJoin: true,
  reason: null,
  maxUnits: 2,
  unitsHeld: 0,
  unitPrice: '100',
  lockPerUnit: '1000',
  raiseEnd: '2026-11-08T00:00:00.000Z',
  ...overrides,
});

const notFound = () =>
  new ApiError({ message: 'not_found', status: 404, httpStatus: 404, call: 'binfi' });

type Answer = (path: string, query: Record<string, unknown>) => unknown;
let sideAnswer: (path: string) => BinfiSideDetail;
let checkAnswer: BinfiCheckJoin;

function answerSides(r: BinfiRound) {
  // a Galaxy round: the BinFi calls answer 404, the Galaxy ones (SupplierDetail2 / TakerDetail2)
  sideAnswer = (path) => {
    if (!path.endsWith('2')) throw notFound();
    return detail(r, path.includes('Supplier') ? 'supply' : 'take');
  };
}

const calls = () => vi.mocked(httpClient.request).mock.calls.map((call) => call[0].path);
const estimateQueries = () =>
  vi
    .mocked(httpClient.request)
    .mock.calls.filter((call) => call[0].path === '/binfi/EstimatedReturn')
    .map((call) => call[0].query);

/**
 * The server's calculator for the round above (unit price 100, Rock 8 % a year over 3 months =
 * 2 per unit, Flame traded at 2x with a fee of 0.5 per unit): the page shows what it answers.
 */
function estimate(query: Record<string, unknown>): BinfiEstimatedReturn {
  const units = Number(query.units);
  const change = Number(query.change);
  const type = query.type as 'supply' | 'take';
  const perUnit = type === 'supply' ? 102 : Math.max(0, 100 + 2 * change - 2 - 0.5);
  const profit = (perUnit - 100) * units;
  return {
    fundId: Number(query.fundId),
    type,
    units,
    change,
    invested: String(100 * units),
    payout: String(perUnit * units),
    profit: String(profit),
    returnRate: String(profit / units),
    annualized: String((profit / units) * 4),
    stoppedOut: change <= -40,
    breakEven: '1.25',
  };
}

/** The chart calls of a round not started yet: no snapshot, Rock's three months expected. */
function chartAnswer(path: string) {
  if (path === '/binfi/SupplierReturnChart')
    return {
      fundId: 7,
      unitPrice: '100',
      rockApr: '8',
      points: [1, 2, 3].map((month) => ({ month, expected: String(month * 0.666666), paid: null })),
    };
  if (path === '/binfi/ProfitLossChart')
    return { fundId: 7, symbol: 'BTC/USDT', flameCapital: '0', points: [] };
  return { fundId: 7, points: [], maxDrawdown: '0' };
}

const renderPage = (route = '/bin-fi/detail/7/take', lng?: string) =>
  renderWithQuery(<BinfiDetailPage />, { route, path: '/bin-fi/detail/:id/:type', lng });

beforeEach(() => {
  vi.resetAllMocks();
  forgetKeptQuery();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  answerSides(round());
  checkAnswer = check();
  const answer: Answer = (path, query) => {
    if (path === '/binfi/CheckJoin') return checkAnswer;
    if (path === '/binfi/EstimatedReturn') return estimate(query);
    if (path.endsWith('Chart')) return chartAnswer(path);
    return sideAnswer(path);
  };
  vi.mocked(httpClient.request).mockImplementation(async (options) =>
    answer(options.path, options.query ?? {}),
  );
  vi.mocked(kycService.getKycStatus).mockResolvedValue(kycStatus(4, 'approved'));
});
afterEach(() => clearLoginInfo());

describe('BinFiDetail', () => {
  it('finds a Galaxy round by its id and shows the side with the section 3 fields', async () => {
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('binfi-detail').getAttribute('data-state')).toBe('fundraising'),
    );
    expect(
      calls().filter((path) => path !== '/binfi/EstimatedReturn' && !path.endsWith('Chart')),
    ).toEqual(['/binfi/TakerDetail', '/binfi/TakerDetail2', '/binfi/CheckJoin']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'BinFi Galaxy round #7 · Ultra Flame (take)',
    );
    expect(screen.getByTestId('binfi-fact-unit-price').textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('binfi-fact-leverage').textContent).toBe('2x');
    expect(screen.getByTestId('binfi-fact-units').textContent).toBe('1 of 3');
    expect(screen.getByTestId('binfi-fact-per-subscription').textContent).toBe('Up to 5 units');
    expect(screen.getByTestId('binfi-fact-status').textContent).toBe('Fundraising');
    expect(screen.getByTestId('binfi-fact-stop-loss-rate').textContent).toBe(
      "At a loss of 80% of Flame's capital",
    );
    expect(screen.getByTestId('binfi-fact-break-even').textContent).toBe(
      'BTC/USDT up 2.5% over the term',
    );
    expect(screen.getByTestId('binfi-fact-fee-split').textContent).toContain('8% a year');
    expect(screen.getByTestId('binfi-detail-other-side').getAttribute('href')).toBe(
      '/bin-fi/detail/7/supply',
    );
  });

  it('says a stop-loss in the reader’s language', async () => {
    answerSides(round({ state: 'stop_loss' }));
    renderPage('/bin-fi/detail/7/take', 'zh-TW');
    await waitFor(() =>
      expect(screen.getByTestId('binfi-fact-status').textContent).toBe('已執行停損'),
    );
  });

  it('opens the wallet form with what CheckJoin leaves to a verified premier member', async () => {
    renderPage();
    expect((await screen.findByTestId('wallet-form')).textContent).toBe('up to 2');
    expect(
      vi
        .mocked(httpClient.request)
        .mock.calls.find((call) => call[0].path === '/binfi/CheckJoin')?.[0].query,
    ).toEqual({ fundId: 7, type: 'take' });
  });

  it('asks for identity verification, then for the premier membership', async () => {
    vi.mocked(kycService.getKycStatus).mockResolvedValue(kycStatus(1, null));
    const first = renderPage();
    expect(await screen.findByTestId('binfi-join-kyc')).toBeTruthy();
    first.unmount();
    vi.mocked(kycService.getKycStatus).mockResolvedValue(kycStatus(4, 'under_review'));
    renderPage();
    expect((await screen.findByTestId('binfi-join-premier')).textContent).toContain(
      'still under review',
    );
    expect(screen.queryByTestId('wallet-form')).toBeNull();
  });

  it("says CheckJoin's refusal", async () => {
    checkAnswer = check({ canJoin: false, reason: 'account_cap', maxUnits: 0 });
    renderPage();
    expect((await screen.findByTestId('binfi-join-closed')).textContent).toBe(
      'You hold the most units one member may hold in this round.',
    );
  });

  it('shows no join panel once the round is no longer raising', async () => {
    answerSides(round({ state: 'running' }));
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('binfi-detail').getAttribute('data-state')).toBe('running'),
    );
    expect(screen.queryByTestId('binfi-join')).toBeNull();
  });

  it('takes the previous BinFi query when entered without one', async () => {
    renderPage('/bin-fi/detail/7/take?status=running').unmount();
    renderPage('/bin-fi/detail/7/take');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/bin-fi/detail/7/take?status=running',
      ),
    );
  });

  it("answers the calculator for both sides with the server's estimate", async () => {
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('binfi-calc-take').getAttribute('data-state')).toBe('data'),
    );
    // the defaults: 1 unit, the market up 10 %
    expect(screen.getByTestId('binfi-calc-supply-payout').textContent).toBe('102.00 USDT');
    expect(screen.getByTestId('binfi-calc-take-payout').textContent).toBe('117.50 USDT');
    expect(screen.getByTestId('binfi-calc-take-profit').textContent).toBe('+17.5 USDT');

    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('BTC/USDT move over the term (%)'), {
      target: { value: '-45' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('binfi-calc-take-payout').textContent).toBe('22.50 USDT'),
    );
    expect(screen.getByTestId('binfi-calc-take-profit').textContent).toBe('-277.5 USDT');
    expect(screen.getByTestId('binfi-calc-take-stopped')).toBeTruthy();
    expect(screen.getByTestId('binfi-calc-supply-payout').textContent).toBe('306.00 USDT');
    expect(estimateQueries()).toContainEqual({ fundId: 7, type: 'take', units: 3, change: -45 });
  });

  it('asks for valid inputs before estimating', async () => {
    renderPage();
    await screen.findByTestId('binfi-calc-supply');
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '6' } });
    expect(await screen.findByText('1 to 5 units.')).toBeTruthy();
    expect(screen.getByTestId('binfi-calc-take').getAttribute('data-state')).toBe('invalid');
    expect(estimateQueries().some((query) => query?.units === 6)).toBe(false);
  });

  it('shows no calculator on a private round', async () => {
    answerSides(round({ isPrivate: true }));
    renderPage();
    await screen.findByTestId('binfi-detail-card');
    expect(screen.queryByTestId('binfi-calculator')).toBeNull();
    expect(estimateQueries()).toEqual([]);
    // nor charts: their calls answer public rounds only
    expect(screen.queryByTestId('binfi-detail-charts')).toBeNull();
    expect(calls().filter((path) => path.endsWith('Chart'))).toEqual([]);
  });

  it("draws the side's chart: Flame's result (none before the start), Rock's reward months", async () => {
    renderPage();
    expect((await screen.findByTestId('binfi-chart-pnl-empty')).textContent).toContain(
      'No result yet',
    );
    expect(screen.queryByTestId('binfi-chart-rock')).toBeNull();
    fireEvent.click(screen.getByTestId('binfi-detail-other-side'));
    expect((await screen.findByTestId('binfi-chart-rock-summary')).textContent).toBe(
      '1.99 USDT per unit over 3 months at 8 % a year of 100.00 USDT. No month paid yet.',
    );
  });

  it("shows Flame's live result once the round runs", async () => {
    const running = round({ state: 'running' });
    sideAnswer = (path) => {
      if (!path.endsWith('2')) throw notFound();
      return {
        ...detail(running, 'take'),
        flameResult: {
          time: '2026-11-20T04:05:00.000Z',
          pnl: '-12.5',
          pnlRate: '-4.16',
          equity: '287.5',
        },
      };
    };
    renderPage();
    const pnl = await screen.findByTestId('binfi-flame-result-pnl');
    expect(pnl.textContent).toBe('-12.5 USDT (-4.16 %)');
    expect(screen.getByTestId('binfi-flame-result-equity').textContent).toBe('287.50 USDT');
    expect(screen.getByTestId('binfi-flame-result').getAttribute('data-tone')).toBe('down');
  });
});

describe('BinFiDetail from an invite link', () => {
  const invite = `0x${'1b'.repeat(65)}`;
  const link = `/bin-fi/detail/7/supply?invite=${invite}`;
  beforeEach(() => {
    const hidden = round({ isPrivate: true, variant: 'binfi' });
    // a private round: the public calls answer 404, the private one only with the invite
    sideAnswer = (path) => {
      if (!path.endsWith('3')) throw notFound();
      return detail(hidden, 'supply');
    };
    vi.mocked(httpClient.request).mockImplementation(async (options) => {
      if (options.path.endsWith('3') && options.query?.invite !== invite) throw notFound();
      if (options.path === '/binfi/CheckJoin')
        return options.query?.invite === invite
          ? check({ type: 'supply' })
          : check({ canJoin: false, reason: 'private', maxUnits: 0 });
      return sideAnswer(options.path);
    });
  });

  it('shows a member the private round (asked first, with the invite) and lets them join', async () => {
    renderPage(link);
    await waitFor(() =>
      expect(screen.getByTestId('binfi-detail').getAttribute('data-state')).toBe('fundraising'),
    );
    const asked = vi.mocked(httpClient.request).mock.calls.map((call) => call[0]);
    expect(asked[0]).toMatchObject({
      path: '/binfi/SupplierDetail3',
      query: { fundId: 7, invite },
    });
    expect(asked.find((call) => call.path === '/binfi/CheckJoin')?.query).toEqual({
      fundId: 7,
      type: 'supply',
      invite,
    });
    expect((await screen.findByTestId('wallet-form')).textContent).toBe('up to 2');
    // private: no calculator or charts (public rounds only)
    expect(screen.queryByTestId('binfi-detail-charts')).toBeNull();
  });

  it('asks a visitor to log in first, in their language', async () => {
    clearLoginInfo();
    renderPage(link, 'zh-TW');
    const prompt = await screen.findByTestId('binfi-invite-login-prompt');
    expect(prompt.textContent).toContain('您受邀參加私募輪');
    expect(screen.getByTestId('binfi-invite-login').getAttribute('href')).toBe('/login');
    expect(calls().some((path) => path.endsWith('3'))).toBe(false);
  });
});
