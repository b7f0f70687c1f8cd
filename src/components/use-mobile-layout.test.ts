import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isMobileLayout, useMobileLayout } from './use-mobile-layout';

describe('isMobileLayout', () => {
  it('is mobile below 551 px width at any height', () => {
    expect(isMobileLayout(550, 1000)).toBe(true);
    expect(isMobileLayout(320, 568)).toBe(true);
    expect(isMobileLayout(551, 1000)).toBe(false);
  });

  it('is mobile for short screens (height < 600) with width 500-900 inclusive', () => {
    expect(isMobileLayout(900, 599)).toBe(true);
    expect(isMobileLayout(700, 400)).toBe(true);
    expect(isMobileLayout(901, 599)).toBe(false);
    expect(isMobileLayout(900, 600)).toBe(false);
    expect(isMobileLayout(1200, 500)).toBe(false);
  });

  it('is desktop for wide and tall screens', () => {
    expect(isMobileLayout(1024, 768)).toBe(false);
    expect(isMobileLayout(768, 1024)).toBe(false);
  });
});

describe('useMobileLayout', () => {
  it('follows the viewport size', () => {
    window.innerWidth = 1024;
    window.innerHeight = 768;
    const { result } = renderHook(() => useMobileLayout());
    expect(result.current).toBe(false);

    act(() => {
      window.innerWidth = 540;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(true);

    act(() => {
      window.innerWidth = 800;
      window.innerHeight = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(true);

    act(() => {
      window.innerHeight = 800;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(false);
  });
});
