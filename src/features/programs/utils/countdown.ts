export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** the moment has come */
  done: boolean;
}

/** What is left from `nowMs` until `targetMs`, in whole days, hours, minutes and seconds. */
export function countdownTo(targetMs: number, nowMs: number): Countdown {
  const left = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}
