import { describe, expect, it } from 'vitest';
import {
  countAutotrade,
  countBinfi,
  countEarn,
  countLending,
  kycLevel,
  premierLevel,
} from './dashboard-summary';

type Arg<F extends (...args: never[]) => unknown> = Parameters<F>[0];
const list = <F extends (...args: never[]) => unknown>(rows: object[]) =>
  ({ list: rows }) as unknown as Arg<F>;

describe('the Dashboard counts live products only', () => {
  it('earn: raising, running, being cancelled and returning count; ended, failed, cancelled do not', () => {
    const states = [
      'raising',
      'running',
      'cancel_pending',
      'asset_return',
      'ended',
      'failed',
      'canceled',
    ];
    expect(countEarn(list<typeof countEarn>(states.map((state) => ({ state }))))).toBe(4);
  });

  it('Smart Autotrade: waiting for margin, active and paused count', () => {
    const states = ['pending_margin', 'active', 'paused', 'ended', 'cancelled'];
    expect(
      countAutotrade(
        list<typeof countAutotrade>(
          states.map((state) => ({ portfolio: { state }, strategy: {} })),
        ),
      ),
    ).toBe(3);
  });

  it('lending: trial and active count, ended does not', () => {
    const states = ['trial', 'active', 'ended', 'ended'];
    expect(
      countLending(list<typeof countLending>(states.map((state) => ({ subscription: { state } })))),
    ).toBe(2);
  });

  it('BinFi: orders in a raising, raised or running round count; finished, refunded, redeemed do not', () => {
    const states = [
      'fundraising',
      'raised',
      'running',
      'unsuccessful_match',
      'stop_loss',
      'ended',
      'settled',
      'redeemed',
    ];
    expect(countBinfi(list<typeof countBinfi>(states.map((state) => ({ state }))))).toBe(3);
  });

  it('an empty list is zero', () => {
    expect(countEarn(list<typeof countEarn>([]))).toBe(0);
  });
});

describe('levels', () => {
  it('reads the KYC state as verified, in review, needing action or none', () => {
    expect(kycLevel({ state: 'verified' })).toBe('verified');
    expect(kycLevel({ state: 'submitted' })).toBe('review');
    expect(kycLevel({ state: 'under_review' })).toBe('review');
    expect(kycLevel({ state: 'resubmitted' })).toBe('review');
    expect(kycLevel({ state: 'rejected' })).toBe('action');
    expect(kycLevel({ state: 'insufficient' })).toBe('action');
    expect(kycLevel({ state: 'failed' })).toBe('action');
    expect(kycLevel({ state: 'pending' })).toBe('none');
  });

  it('reads the premier application as approved, applied, rejected or none', () => {
    const premier = (state: Parameters<typeof premierLevel>[0]['premier']['state']) => ({
      premier: { state, appliedAt: null, decidedAt: null },
    });
    expect(premierLevel(premier('approved'))).toBe('approved');
    expect(premierLevel(premier('rejected'))).toBe('rejected');
    expect(premierLevel(premier('under_review'))).toBe('applied');
    expect(premierLevel(premier('email_sent'))).toBe('applied');
    expect(premierLevel(premier('pending_id_verification'))).toBe('applied');
    expect(premierLevel(premier(null))).toBe('none');
  });
});
