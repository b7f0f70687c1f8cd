import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../services/http-client';
import type { LoginResult } from '../../../shared/api/auth';
import { initialLoginState, loginReducer, SMS_RESEND_SECONDS, type LoginState } from './login-flow';

const NOW = 1_700_000_000_000;
const secondFactor: LoginResult = {
  result: 'second_factor',
  method: 'sms',
  ticket: 'ticket-1',
  sentTo: '+886****678',
};
const success = (offerInvestorRole: boolean) =>
  ({ result: 'success', offerInvestorRole }) as unknown as LoginResult;
const refusal = (message: string, data?: unknown) =>
  new ApiError({ call: 'POST /member/login', status: 401, message, data });

function run(...actions: Parameters<typeof loginReducer>[1][]): LoginState {
  return actions.reduce(loginReducer, initialLoginState);
}

describe('login state machine', () => {
  it('success goes to done, or to the Investor offer first', () => {
    expect(run({ type: 'answer', result: success(false), source: 'password', now: NOW })).toEqual({
      step: 'done',
    });
    const offer = run({ type: 'answer', result: success(true), source: 'password', now: NOW });
    expect(offer).toEqual({ step: 'investor_offer', error: null });
    expect(loginReducer(offer, { type: 'investor_failed', error: 'x' })).toEqual({
      step: 'investor_offer',
      error: 'x',
    });
    expect(loginReducer(offer, { type: 'investor_done' })).toEqual({ step: 'done' });
    expect(loginReducer(initialLoginState, { type: 'investor_done' })).toBe(initialLoginState);
  });

  it('second factor keeps the ticket and source; SMS may be resent after the countdown', () => {
    const state = run({ type: 'answer', result: secondFactor, source: 'wallet', now: NOW });
    expect(state).toEqual({
      step: 'second_factor',
      method: 'sms',
      ticket: 'ticket-1',
      sentTo: '+886****678',
      source: 'wallet',
      resendAt: NOW + SMS_RESEND_SECONDS * 1000,
      error: null,
      delayedUntil: null,
    });
    const totp = run({
      type: 'answer',
      result: { ...secondFactor, method: 'totp', sentTo: null },
      source: 'password',
      now: NOW,
    });
    expect(totp).toMatchObject({ method: 'totp', resendAt: null });
  });

  it('a wrong code stays on the second step; an expired ticket returns to the form', () => {
    const state = run({ type: 'answer', result: secondFactor, source: 'password', now: NOW });
    const wrong = refusal('The code is wrong.');
    expect(loginReducer(state, { type: 'failed', error: wrong, now: NOW })).toMatchObject({
      step: 'second_factor',
      ticket: 'ticket-1',
      error: wrong,
    });
    const expired = refusal('ticket_invalid');
    expect(loginReducer(state, { type: 'failed', error: expired, now: NOW })).toEqual({
      step: 'credentials',
      error: expired,
      delayedUntil: null,
    });
  });

  it('login_delayed blocks until now + retryAfter, on either step', () => {
    const delayed = refusal('login_delayed', { retryAfter: 30 });
    expect(run({ type: 'failed', error: delayed, now: NOW })).toEqual({
      step: 'credentials',
      error: delayed,
      delayedUntil: NOW + 30_000,
    });
    const second = run({ type: 'answer', result: secondFactor, source: 'password', now: NOW });
    expect(loginReducer(second, { type: 'failed', error: delayed, now: NOW })).toMatchObject({
      step: 'second_factor',
      delayedUntil: NOW + 30_000,
    });
    // another refusal lifts the delay
    const after = run(
      { type: 'failed', error: delayed, now: NOW },
      { type: 'failed', error: refusal('invalid_credentials'), now: NOW + 31_000 },
    );
    expect(after).toMatchObject({ delayedUntil: null });
  });

  it('device authorisation shows where the link went; restart returns to the form', () => {
    const state = run({
      type: 'answer',
      result: { result: 'device_authorization', sentTo: 'a***@b.co' },
      source: 'password',
      now: NOW,
    });
    expect(state).toEqual({ step: 'device_authorization', sentTo: 'a***@b.co' });
    expect(loginReducer(state, { type: 'failed', error: 'x', now: NOW })).toBe(state);
    expect(loginReducer(state, { type: 'restart' })).toBe(initialLoginState);
  });
});
