import { ApiError } from '../../../services/http-client';
import { loginDelaySeconds, type LoginResult } from '../../../services/member-auth';
import { AuthError } from '../../../shared/api/auth';

/**
 * The login screen's states (spec section 4 and the identity issue):
 *
 *   credentials ──answer success──────────────> investor_offer (account lacks Investor) ─> done
 *        │      ──answer success──────────────> done
 *        │      ──answer second_factor────────> second_factor ──code ok──> (as above)
 *        │      ──answer device_authorization─> device_authorization ──restart──> credentials
 *        └─ refusal: error shown; login_delayed also blocks submitting until `delayedUntil`
 *   second_factor: a wrong code stays (error shown); an expired ticket goes back to credentials
 *
 * A wallet sign-in (`siwe/login`) answers like step 1 and enters the same machine.
 */

export type LoginSource = 'password' | 'wallet';
export type SecondFactorMethod = 'sms' | 'totp';

/** Seconds before another SMS may be requested on the second step (the answer gives none). */
export const SMS_RESEND_SECONDS = 60;

export type LoginState =
  | { step: 'credentials'; error: unknown; delayedUntil: number | null }
  | {
      step: 'second_factor';
      method: SecondFactorMethod;
      ticket: string;
      sentTo: string | null;
      source: LoginSource;
      /** when another SMS may be requested (ms since epoch); null for the authenticator */
      resendAt: number | null;
      error: unknown;
      delayedUntil: number | null;
    }
  | { step: 'device_authorization'; sentTo: string }
  | { step: 'investor_offer'; error: unknown }
  | { step: 'done' };

export type LoginAction =
  | { type: 'answer'; result: LoginResult; source: LoginSource; now: number }
  | { type: 'failed'; error: unknown; now: number }
  | { type: 'restart' }
  | { type: 'investor_failed'; error: unknown }
  | { type: 'investor_done' };

export const initialLoginState: LoginState = {
  step: 'credentials',
  error: null,
  delayedUntil: null,
};

function isTicketRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.message === AuthError.ticketInvalid;
}

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'answer': {
      const { result } = action;
      if (result.result === 'success') {
        return result.offerInvestorRole
          ? { step: 'investor_offer', error: null }
          : { step: 'done' };
      }
      if (result.result === 'second_factor') {
        return {
          step: 'second_factor',
          method: result.method,
          ticket: result.ticket,
          sentTo: result.sentTo,
          source: action.source,
          resendAt: result.method === 'sms' ? action.now + SMS_RESEND_SECONDS * 1000 : null,
          error: null,
          delayedUntil: null,
        };
      }
      return { step: 'device_authorization', sentTo: result.sentTo };
    }
    case 'failed': {
      const delay = loginDelaySeconds(action.error);
      const delayedUntil = delay === null ? null : action.now + delay * 1000;
      if (state.step === 'second_factor') {
        if (isTicketRefusal(action.error)) {
          return { step: 'credentials', error: action.error, delayedUntil };
        }
        return { ...state, error: action.error, delayedUntil };
      }
      if (state.step === 'credentials') return { ...state, error: action.error, delayedUntil };
      return state;
    }
    case 'restart':
      return initialLoginState;
    case 'investor_failed':
      return state.step === 'investor_offer' ? { ...state, error: action.error } : state;
    case 'investor_done':
      return state.step === 'investor_offer' ? { step: 'done' } : state;
  }
}
