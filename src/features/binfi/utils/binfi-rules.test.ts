import { describe, expect, it, beforeEach } from 'vitest';
import enUS from '../../../i18n/locales/en-US/binfi.json';
import zhCN from '../../../i18n/locales/zh-CN/binfi.json';
import zhTW from '../../../i18n/locales/zh-TW/binfi.json';
import { BINFI_ROUND_STATES } from '../../../shared/api/binfi';
import { forgetKeptQuery, keptQuery } from './keep-query';
import { CONSENTS, joinGate, missingConsents, orderCost, unitsError } from './join-rules';
import { BINFI_STATUSES, orderActions, roundsOfTab, statusKey, statusTone } from './status';

describe('BinFi statuses (spec section 4)', () => {
  it('cover every round state the server answers, and redeemed and cancelled', () => {
    for (const state of BINFI_ROUND_STATES) expect(BINFI_STATUSES).toContain(state);
    expect(BINFI_STATUSES).toContain('redeemed');
    expect(BINFI_STATUSES).toContain('cancelled');
  });

  it('have their words in the three languages', () => {
    const words = (locale: Record<string, string>) =>
      BINFI_STATUSES.map((status) => locale[statusKey(status)]);
    expect(words(enUS)).toEqual([
      'Fundraising',
      'Raised',
      'Unsuccessful match',
      'Running',
      'Stop-loss executed',
      'Contract ended',
      'Settled',
      'Cancelled',
      'Redeemed (early)',
    ]);
    for (const locale of [zhTW, zhCN] as Record<string, string>[])
      for (const text of words(locale)) expect(text).toMatch(/\p{Script=Han}/u);
    expect(zhTW['status.stop_loss']).toBe('已執行停損');
    expect(zhCN['status.stop_loss']).toBe('已执行止损');
  });

  it('tone a stop-loss as danger and a running round as positive', () => {
    expect(statusTone('stop_loss')).toBe('danger');
    expect(statusTone('running')).toBe('positive');
    expect(statusTone('unsuccessful_match')).toBe('warning');
  });

  it('groups rounds into the dashboard tabs', () => {
    const rounds = BINFI_ROUND_STATES.map((state, i) => ({ fundId: i + 1, state }));
    expect(roundsOfTab(rounds, 'all')).toHaveLength(BINFI_ROUND_STATES.length);
    expect(roundsOfTab(rounds, 'fundraising').map((r) => r.state)).toEqual(['fundraising']);
    expect(roundsOfTab(rounds, 'running').map((r) => r.state)).toEqual(['raised', 'running']);
    expect(
      roundsOfTab(rounds, 'ended')
        .map((r) => r.state)
        .sort(),
    ).toEqual(['ended', 'settled', 'stop_loss', 'unsuccessful_match'].sort());
  });
});

describe('the join gate (premier members at level 1, then CheckJoin)', () => {
  const open = { canJoin: true, reason: null, maxUnits: 5 } as const;
  const base = {
    loggedIn: true,
    kycVerified: true,
    premierState: 'approved' as const,
    check: open,
  };

  it('asks for identity verification before anything else', () => {
    expect(joinGate({ ...base, kycVerified: false, premierState: null })).toEqual({ kind: 'kyc' });
  });

  it('needs an approved premier application', () => {
    expect(joinGate({ ...base, premierState: 'under_review' })).toEqual({
      kind: 'premier',
      state: 'under_review',
    });
    expect(
      joinGate({ ...base, check: { canJoin: false, reason: 'premier_required', maxUnits: 0 } }),
    ).toMatchObject({ kind: 'premier' });
  });

  it("says CheckJoin's reason when the round refuses", () => {
    expect(
      joinGate({ ...base, check: { canJoin: false, reason: 'account_cap', maxUnits: 0 } }),
    ).toEqual({ kind: 'closed', reason: 'account_cap' });
    expect(
      joinGate({ ...base, check: { canJoin: false, reason: 'not_raising', maxUnits: 0 } }),
    ).toEqual({ kind: 'closed', reason: 'not_raising' });
  });

  it('opens with at most 5 units, fewer when CheckJoin leaves fewer', () => {
    expect(joinGate(base)).toEqual({ kind: 'open', maxUnits: 5 });
    expect(joinGate({ ...base, check: { ...open, maxUnits: 2 } })).toEqual({
      kind: 'open',
      maxUnits: 2,
    });
    expect(joinGate({ ...base, check: { ...open, maxUnits: 9 } })).toEqual({
      kind: 'open',
      maxUnits: 5,
    });
  });
});

describe('the units of a subscription', () => {
  it('are whole numbers from 1 to 5 ("5 units max per subscription")', () => {
    expect(unitsError('', 5)).toBe('required');
    expect(unitsError('0', 5)).toBe('whole');
    expect(unitsError('1.5', 5)).toBe('whole');
    expect(unitsError('1', 5)).toBeNull();
    expect(unitsError('5', 5)).toBeNull();
    expect(unitsError('6', 9)).toBe('perSubscription');
    expect(enUS['join.unitsError.perSubscription']).toBe('5 units max per subscription');
  });

  it('are no more than CheckJoin leaves', () => {
    expect(unitsError('3', 2)).toBe('available');
    expect(unitsError('2', 2)).toBeNull();
  });

  it('cost units x unit price in USDT (6 decimals), and units x lock in BCNT with the locking pass', () => {
    expect(orderCost(3, '100', '1000', 'general')).toEqual({ usdt: 300_000_000n, bcnt: 0n });
    expect(orderCost(2, '12.5', '1000', 'locking')).toEqual({
      usdt: 25_000_000n,
      bcnt: 2000n * 10n ** 18n,
    });
  });
});

describe('the consents of section 5', () => {
  it('ask Flame for the high-risk acknowledgement and Rock for the redemption notice', () => {
    expect(CONSENTS.take).toContain('highRisk');
    expect(CONSENTS.supply).not.toContain('highRisk');
    expect(CONSENTS.supply).toContain('redemption');
    expect(missingConsents('take', new Set(['notices', 'residency', 'identity']))).toEqual([
      'highRisk',
    ]);
    expect(missingConsents('supply', new Set(CONSENTS.supply))).toEqual([]);
  });
});

describe('an order’s wallet actions', () => {
  const order = {
    type: 'supply' as const,
    state: 'running' as const,
    matchedUnits: 2,
    claimable: '0',
  };
  it('claim only what the pool holds for it; redeem only a running Rock order with matched units', () => {
    expect(orderActions(order as never)).toEqual({ claim: false, redeem: true });
    expect(orderActions({ ...order, claimable: '1.5' } as never).claim).toBe(true);
    expect(orderActions({ ...order, type: 'take' } as never).redeem).toBe(false);
    expect(orderActions({ ...order, state: 'raised' } as never).redeem).toBe(false);
    expect(orderActions({ ...order, matchedUnits: 0 } as never).redeem).toBe(false);
  });
});

describe('the query kept between BinFi pages (spec section 2)', () => {
  beforeEach(() => forgetKeptQuery());

  it('leaves a page alone until a BinFi page had a query', () => {
    expect(keptQuery('')).toBeNull();
  });

  it('gives the previous query to a page entered without one, and a new query replaces it', () => {
    expect(keptQuery('?status=running')).toBeNull();
    expect(keptQuery('')).toBe('?status=running');
    expect(keptQuery('?page=2')).toBeNull();
    expect(keptQuery('')).toBe('?page=2');
  });
});
