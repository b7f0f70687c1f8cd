import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptchaChallenge } from '../../../services/member-auth';
import type { CaptchaSolution } from '../../../shared/api/auth';
import { solveChallenge } from './solve-challenge';

export type CaptchaPhase = 'idle' | 'fetching' | 'solving';

export interface CaptchaState {
  phase: CaptchaPhase;
  /** 0..1 while solving */
  progress: number;
}

/** True for the rejection of a cancelled captcha (the form just goes back to idle). */
export function isCaptchaCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** Settles with `promise`, or rejects with an AbortError as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The captcha of register, login and forgot-password: `solve()` fetches a fresh challenge and
 * solves it in the browser (progress in `progress`), resolving to the solution the form sends.
 * `cancel()` (or leaving the page) aborts it; `solve()` then rejects with an AbortError.
 */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ phase: 'idle', progress: 0 });
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const solve = useCallback(async (): Promise<CaptchaSolution> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const { signal } = current;
    try {
      setState({ phase: 'fetching', progress: 0 });
      const challenge = await untilAborted(getCaptchaChallenge(signal), signal);
      setState({ phase: 'solving', progress: 0 });
      let shown = 0;
      return await solveChallenge(challenge, {
        signal,
        onProgress: (fraction) => {
          // whole percents only: no re-render per batch when nothing visible changes
          const percent = Math.floor(fraction * 100);
          if (percent !== shown) {
            shown = percent;
            setState({ phase: 'solving', progress: fraction });
          }
        },
      });
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setState({ phase: 'idle', progress: 0 });
      }
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort(abortError());
  }, []);

  return { ...state, running: state.phase !== 'idle', solve, cancel };
}
