import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../components/testing/render';
import { createMemoryStorage } from '../../../lib/browser-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { createFakeFetch } from '../../../services/fake-fetch';
import { configureHttpClient } from '../../../services/http-client';
import type { Advertisement } from '../../../services/advertisements';
import { useAdvertisementPopup } from '../hooks/use-advertisement-popup';
import { adPopupDue, nextLocalMidnight, webAdvertisement } from '../utils/ad-schedule';
import { AdPopup, type AdProduct } from './ad-popup';

const AD: Advertisement = {
  id: 1,
  isWeb: true,
  sortOrder: 1,
  openUrl: '/fixed',
  imageAppURL: null,
  endsAt: null,
};
const name = (en: string) => ({ 'en-US': en, 'zh-TW': en, 'zh-CN': en });
const PRODUCTS: AdProduct[] = [
  {
    id: 11,
    kind: 'fixed',
    name: name('Stable Income USDT 3M'),
    serialNumber: 'USDT-034R',
    periodMonth: 3,
    annualReturn: 8,
    minInvestment: '1000',
    currency: 'USDT',
  },
  {
    id: 12,
    kind: 'mixed',
    name: name('Mixed Fusion 6M'),
    serialNumber: 'USDT-034S',
    periodMonth: 6,
    annualReturn: 10.5,
    minInvestment: '10000',
    currency: 'USDT',
  },
];

function renderPopup() {
  const onClose = vi.fn();
  const onHideToday = vi.fn();
  renderWithProviders(
    <AdPopup
      ad={AD}
      products={PRODUCTS}
      productHref={(product) => `/${product.kind}/${product.serialNumber}`}
      onClose={onClose}
      onHideToday={onHideToday}
    />,
  );
  return { onClose, onHideToday };
}

const slide = () => screen.getByTestId('ad-slide').getAttribute('data-index');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('AdPopup rotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the next product every 8 s', () => {
    renderPopup();
    expect(screen.getByRole('dialog', { name: 'Featured products' })).toBeTruthy();
    expect(slide()).toBe('0');
    expect(screen.getByText('Stable Income USDT 3M')).toBeTruthy();
    advance(7_999);
    expect(slide()).toBe('0');
    advance(1);
    expect(slide()).toBe('1');
    expect(screen.getByText('Mixed Fusion 6M')).toBeTruthy();
    expect(screen.getByText('Minimum 10,000 USDT')).toBeTruthy();
    expect(screen.getByText('10.5%')).toBeTruthy();
    advance(8_000);
    expect(slide()).toBe('0');
  });

  it('waits 12 s after a dot click, then rotates every 8 s again', () => {
    renderPopup();
    advance(5_000);
    fireEvent.click(screen.getByTestId('ad-dot-1'));
    expect(slide()).toBe('1');
    expect(screen.getByTestId('ad-dot-1').getAttribute('aria-current')).toBe('true');
    advance(11_999);
    expect(slide()).toBe('1');
    advance(1);
    expect(slide()).toBe('0');
    advance(7_999);
    expect(slide()).toBe('0');
    advance(1);
    expect(slide()).toBe('1');
    // a click on the dot already shown restarts the 12 s too
    advance(6_000);
    fireEvent.click(screen.getByTestId('ad-dot-1'));
    advance(11_000);
    expect(slide()).toBe('1');
    advance(1_000);
    expect(slide()).toBe('0');
  });

  it('opens the product with Learn more and offers Hide today', () => {
    const { onClose, onHideToday } = renderPopup();
    const learnMore = screen.getByTestId('ad-learn-more');
    expect(learnMore.getAttribute('href')).toBe('/fixed/USDT-034R');
    advance(8_000);
    expect(screen.getByTestId('ad-learn-more').getAttribute('href')).toBe('/mixed/USDT-034S');
    fireEvent.click(screen.getByTestId('ad-hide-today'));
    expect(onHideToday).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('ad-learn-more'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the popup schedule', () => {
  it('Hide today lasts until the next local midnight', () => {
    const evening = new Date(2026, 10, 26, 21, 30).getTime();
    const midnight = new Date(2026, 10, 27, 0, 0).getTime();
    expect(nextLocalMidnight(evening)).toBe(midnight);
    expect(nextLocalMidnight(new Date(2026, 10, 26, 0, 0).getTime())).toBe(
      new Date(2026, 10, 27).getTime(),
    );
    expect(adPopupDue(String(midnight), midnight - 1)).toBe(false);
    expect(adPopupDue(String(midnight), midnight)).toBe(true);
    expect(adPopupDue(null, evening)).toBe(true);
    expect(adPopupDue('not a time', evening)).toBe(true);
  });

  it('picks the first web ad whose campaign has not ended', () => {
    const now = Date.parse('2026-11-26T00:00:00Z');
    const app = { ...AD, id: 2, isWeb: false, sortOrder: 0 };
    const ended = { ...AD, id: 3, sortOrder: 1, endsAt: '2021-09-14T15:59:59.000Z' };
    const running = { ...AD, id: 4, sortOrder: 2, endsAt: '2026-12-01T00:00:00.000Z' };
    expect(webAdvertisement([app, ended, running, AD], now)?.id).toBe(4);
    expect(webAdvertisement([app, ended], now)).toBeUndefined();
  });
});

describe('useAdvertisementPopup', () => {
  const ads = [AD];
  let calls = 0;
  beforeEach(() => {
    calls = 0;
    const server = createFakeFetch((request) => {
      if (request.path.endsWith('/premium2/Advertisement')) {
        calls += 1;
        return { data: ads };
      }
      return { http: 404, status: 404, message: 'not_found' };
    });
    configureHttpClient({
      fetch: server.fetch,
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
    });
  });

  function renderPopupHook(options: {
    onboarding?: boolean;
    now: number;
    storage: ReturnType<typeof createMemoryStorage>;
  }) {
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(
      () =>
        useAdvertisementPopup({
          storage: options.storage,
          onboarding: options.onboarding ?? false,
          now: () => options.now,
        }),
      { wrapper },
    );
  }

  it('shows the ad until Hide today, then not before local midnight', async () => {
    const storage = createMemoryStorage();
    const evening = new Date(2026, 10, 26, 21, 30).getTime();
    const first = renderPopupHook({ storage, now: evening });
    await waitFor(() => expect(first.result.current.ad?.id).toBe(1));
    act(() => first.result.current.hideToday());
    expect(first.result.current.ad).toBeUndefined();
    const midnight = new Date(2026, 10, 27).getTime();
    expect(storage.getItem(STORAGE_KEYS.adNextTime)).toBe(String(midnight));

    const later = renderPopupHook({ storage, now: midnight - 60_000 });
    expect(later.result.current.ad).toBeUndefined();
    const nextDay = renderPopupHook({ storage, now: midnight });
    await waitFor(() => expect(nextDay.result.current.ad?.id).toBe(1));
  });

  it('does not ask for the ad during onboarding; closing hides it for this visit only', async () => {
    const storage = createMemoryStorage();
    const now = new Date(2026, 10, 26, 10).getTime();
    const onboarding = renderPopupHook({ storage, now, onboarding: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onboarding.result.current.ad).toBeUndefined();
    expect(calls).toBe(0);

    const visit = renderPopupHook({ storage, now });
    await waitFor(() => expect(visit.result.current.ad?.id).toBe(1));
    act(() => visit.result.current.close());
    expect(visit.result.current.ad).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.adNextTime)).toBeNull();
  });
});
