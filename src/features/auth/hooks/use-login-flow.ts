import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { adoptMemberLanguage } from '../../../i18n/language';
import { localStorageOrNull } from '../../../lib/browser-storage';
import {
  addUserType,
  login,
  storeLoginSession,
  updateStoredMember,
  type LoginResult,
} from '../../../services/member-auth';
import { useCaptcha } from '../captcha/use-captcha';
import { initialLoginState, loginReducer, type LoginSource } from '../utils/login-flow';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The login screen's machine (`utils/login-flow.ts`) with its calls: step 1 after the captcha,
 * step 2 with the ticket, a wallet sign-in's answer, the Investor role offer. A successful login
 * is stored (`storeLoginSession`) at once; `onLoggedIn` runs when the flow is done.
 */
export interface LoggedIn {
  /**
   * The member's stored language differs from this browser's and was stored as `lang`: go on
   * with a full load of the destination so the app starts in it.
   */
  languageChanged: boolean;
}

export function useLoginFlow({ onLoggedIn }: { onLoggedIn: (outcome: LoggedIn) => void }) {
  const { i18n } = useTranslation();
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const languageChanged = useRef(false);
  const captcha = useCaptcha();
  /** Kept only to request a new SMS code (step 1 again); dropped on success. */
  const credentials = useRef<Credentials | null>(null);

  const finished = useRef(false);
  useEffect(() => {
    if (state.step === 'done' && !finished.current) {
      finished.current = true;
      onLoggedIn({ languageChanged: languageChanged.current });
    }
  }, [state.step, onLoggedIn]);

  const answer = useCallback(
    (result: LoginResult, source: LoginSource) => {
      if (result.result === 'success') {
        storeLoginSession(result);
        credentials.current = null;
        languageChanged.current =
          adoptMemberLanguage(result.member.language, i18n.language, localStorageOrNull()) !== null;
      }
      dispatch({ type: 'answer', result, source, now: Date.now() });
    },
    [i18n],
  );

  const fail = useCallback((error: unknown) => {
    dispatch({ type: 'failed', error, now: Date.now() });
  }, []);

  const { solve } = captcha;
  const stepOne = useCallback(
    async (values: Credentials) => {
      credentials.current = values;
      const solution = await solve();
      return login({ step: 1, email: values.email, password: values.password, captcha: solution });
    },
    [solve],
  );

  const submitCredentials = useCallback(
    async (values: Credentials) => {
      try {
        answer(await stepOne(values), 'password');
      } catch (error) {
        fail(error);
      }
    },
    [answer, fail, stepOne],
  );

  const ticket = state.step === 'second_factor' ? state.ticket : null;
  const source = state.step === 'second_factor' ? state.source : null;

  const submitCode = useCallback(
    async (code: string) => {
      if (ticket === null || source === null) return;
      try {
        answer(await login({ step: 2, ticket, google2FAToken: code }), source);
      } catch (error) {
        fail(error);
      }
    },
    [answer, fail, source, ticket],
  );

  /** A new SMS code: step 1 again with the same credentials (password logins only). */
  const canResendSms = source === 'password';
  const resendSms = useCallback(async () => {
    const values = credentials.current;
    if (!values) return;
    try {
      answer(await stepOne(values), 'password');
    } catch (error) {
      fail(error);
    }
  }, [answer, fail, stepOne]);

  const walletResult = useCallback((result: LoginResult) => answer(result, 'wallet'), [answer]);

  const acceptInvestor = useCallback(async () => {
    try {
      const { roleId } = await addUserType();
      updateStoredMember({ roleId });
      dispatch({ type: 'investor_done' });
    } catch (error) {
      dispatch({ type: 'investor_failed', error });
    }
  }, []);

  const declineInvestor = useCallback(() => dispatch({ type: 'investor_done' }), []);
  const restart = useCallback(() => {
    credentials.current = null;
    dispatch({ type: 'restart' });
  }, []);

  return {
    state,
    captcha,
    submitCredentials,
    submitCode,
    canResendSms,
    resendSms,
    walletResult,
    acceptInvestor,
    declineInvestor,
    restart,
  };
}
