import { useSyncExternalStore } from 'react';

/** Spec section 9: mobile layout below this width. */
export const MOBILE_MAX_WIDTH = 550;
/** Short landscape screens: height below 600 with width 500-900 (inclusive) is mobile too. */
export const SHORT_SCREEN_MAX_HEIGHT = 599;
export const SHORT_SCREEN_MIN_WIDTH = 500;
export const SHORT_SCREEN_MAX_WIDTH = 900;

/** The mobile layout rule: width < 551, or height < 600 with width between 500 and 900. */
export function isMobileLayout(width: number, height: number): boolean {
  if (width <= MOBILE_MAX_WIDTH) return true;
  return (
    height <= SHORT_SCREEN_MAX_HEIGHT &&
    width >= SHORT_SCREEN_MIN_WIDTH &&
    width <= SHORT_SCREEN_MAX_WIDTH
  );
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

function getSnapshot(): boolean {
  return isMobileLayout(window.innerWidth, window.innerHeight);
}

function getServerSnapshot(): boolean {
  return false;
}

/** True while the viewport uses the mobile layout; follows resizes. */
export function useMobileLayout(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
