import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './store.module.css';

/**
 * Milliseconds of the quote left, counted down every second from what the server last said
 * (`secondsLeft` when it answered, by its clock): the browser's own clock may differ.
 */
export function useQuoteMsLeft(secondsLeft: number): number {
  const [anchor, setAnchor] = useState(() => ({ secondsLeft, at: Date.now() }));
  const [ms, setMs] = useState(secondsLeft * 1000);
  useEffect(() => {
    // a new answer (the list is polled): count from it
    if (anchor.secondsLeft !== secondsLeft) setAnchor({ secondsLeft, at: Date.now() });
  }, [anchor.secondsLeft, secondsLeft]);
  useEffect(() => {
    const target = anchor.at + anchor.secondsLeft * 1000;
    const left = () => Math.max(0, target - Date.now());
    setMs(left());
    if (left() === 0) return;
    const timer = setInterval(() => {
      const next = left();
      setMs(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [anchor]);
  return ms;
}

/** 29:05, or 1:02:03 past an hour. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** "Price valid for 29:05" while the order's quote holds (an ARIA timer, read out on demand). */
export function QuoteCountdown({ msLeft }: { msLeft: number }) {
  const { t } = useTranslation('store');
  return (
    <p className={styles.quote} data-testid="store-quote-countdown">
      {t('order.quoteValid')}{' '}
      <strong role="timer" aria-live="off" className={styles.countdown}>
        {formatCountdown(msLeft)}
      </strong>
    </p>
  );
}
