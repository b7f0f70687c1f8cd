import { useCallback, useEffect, useState } from 'react';
import { AD_ROTATE_AFTER_DOT_MS, AD_ROTATE_MS } from '../utils/ad-schedule';

/**
 * The popup's slide: the next one every 8 s; a dot click shows its slide and the next change
 * comes 12 s later (then every 8 s again). With fewer than two slides nothing rotates.
 */
export function useAdRotation(count: number) {
  const [index, setIndex] = useState(0);
  const [delay, setDelay] = useState(AD_ROTATE_MS);
  // a dot click restarts the wait even on the slide already shown
  const [clicks, setClicks] = useState(0);

  useEffect(() => {
    if (count < 2) return;
    const timer = setTimeout(() => {
      setIndex((current) => (current + 1) % count);
      setDelay(AD_ROTATE_MS);
    }, delay);
    return () => clearTimeout(timer);
  }, [count, index, delay, clicks]);

  const select = useCallback((next: number) => {
    setIndex(next);
    setDelay(AD_ROTATE_AFTER_DOT_MS);
    setClicks((value) => value + 1);
  }, []);

  return { index: count > 0 ? index % count : 0, select };
}
