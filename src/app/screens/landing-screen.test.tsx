import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { setLoginInfo } from '../../services/session';
import { afterLoginHref, backToHref, readBackTo } from '../guards';
import LandingScreen, { storeOnboardingBackTo } from './landing-screen';

/** The features are replaced: this checks how the app composes them and what it hands over. */
const hostModuleLoaded = vi.hoisted(() => vi.fn());
const ensureNamespaces = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../features/landing/pages/landing-page', () => ({
  LandingPage: ({
    memberDashboard,
    renderProductCards,
  }: {
    memberDashboard?: ReactNode;
    renderProductCards?: (block: 'fixed-pro' | 'fixed') => ReactNode;
  }) => (
    <div>
      <p data-testid="landing-page">landing</p>
      {memberDashboard}
      {renderProductCards?.('fixed-pro')}
    </div>
  ),
}));
const cardsModuleLoaded = vi.hoisted(() => vi.fn());
vi.mock('../../features/earn/components/landing-product-cards', () => {
  cardsModuleLoaded();
  return {
    LandingProductCards: ({ group }: { group: string }) => (
      <p data-testid={`cards-${group}`}>cards</p>
    ),
  };
});
const dashboardModuleLoaded = vi.hoisted(() => vi.fn());
vi.mock('./member-dashboard-host', () => {
  dashboardModuleLoaded();
  return { MemberDashboardHost: () => <p data-testid="member-dashboard">dashboard</p> };
});
vi.mock('../../features/landing/components/onboarding-host', () => {
  hostModuleLoaded();
  return {
    OnboardingHost: ({ verifyHref, onVerify }: { verifyHref: string; onVerify: () => void }) => (
      <button type="button" data-testid="tour" data-href={verifyHref} onClick={onVerify}>
        tour
      </button>
    ),
  };
});
// the advertisement popup's own tests are the feature's; here: what the screen tells it
const adPopup = vi.hoisted(() =>
  vi.fn((_options: { onboarding: boolean }) => ({
    ad: undefined,
    close: () => {},
    hideToday: () => {},
  })),
);
vi.mock('../../features/landing/hooks/use-advertisement-popup', () => ({
  useAdvertisementPopup: adPopup,
}));
vi.mock('../../i18n/lazy-namespaces', () => ({ ensureNamespaces }));
vi.mock('../runtime', () => ({ storage: () => localStorage, chunkRecovery: vi.fn() }));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LandingScreen />
    </MemoryRouter>,
  );
}

const logIn = () => setLoginInfo({ token: 't', expiredTime: Date.now() + 60_000 });

describe('LandingScreen', () => {
  beforeEach(() => {
    ensureNamespaces.mockClear();
  });

  // First in this file: nothing has loaded the cards' chunk yet.
  it("loads a product block's cards and the earn translations only once the block nears the viewport", async () => {
    const observers: { callback: IntersectionObserverCallback; margin?: string }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, margin: options?.rootMargin });
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      renderAt('/');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByTestId('cards-fixed-pro')).toBeNull();
      expect(cardsModuleLoaded).not.toHaveBeenCalled();
      expect(ensureNamespaces).not.toHaveBeenCalledWith(['earn']);
      expect(observers.map((observer) => observer.margin)).toEqual(['200px']);

      act(() =>
        observers[0]!.callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      expect(await screen.findByTestId('cards-fixed-pro')).toBeTruthy();
      expect(cardsModuleLoaded).toHaveBeenCalled();
      expect(ensureNamespaces).toHaveBeenCalledWith(['earn']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  // No module has loaded the Dashboard's chunk yet.
  it('gives a visitor no member Dashboard and does not load its chunk', async () => {
    renderAt('/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('member-dashboard')).toBeNull();
    expect(dashboardModuleLoaded).not.toHaveBeenCalled();
    expect(ensureNamespaces).not.toHaveBeenCalledWith(['dashboard']);
  });

  // Then: the tour module has not been imported by anything yet.
  it('without mode=new shows the landing page and does not load the tour', async () => {
    logIn();
    renderAt('/?lang=en-US');
    expect(screen.getByTestId('landing-page')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('tour')).toBeNull();
    expect(hostModuleLoaded).not.toHaveBeenCalled();
    expect(ensureNamespaces).not.toHaveBeenCalledWith(['onboarding']);
    // the member Dashboard under the banner: its own chunk and translations
    expect(await screen.findByTestId('member-dashboard')).toBeTruthy();
    expect(dashboardModuleLoaded).toHaveBeenCalled();
    expect(ensureNamespaces).toHaveBeenCalledWith(['dashboard']);
  });

  it('does not show the tour to a visitor', async () => {
    renderAt('/?mode=new');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('tour')).toBeNull();
    expect(ensureNamespaces).not.toHaveBeenCalled();
  });

  it('with mode=new loads the tour and its translations for a member, linking to the KYC upload', async () => {
    logIn();
    renderAt('/?mode=new');
    const tour = await screen.findByTestId('tour');
    expect(ensureNamespaces).toHaveBeenCalledWith(['onboarding']);
    expect(tour.getAttribute('data-href')).toBe('/kyc?step=upload');
    expect(screen.getByTestId('landing-page')).toBeTruthy();
    // no advertisement over the tour
    expect(adPopup).toHaveBeenLastCalledWith(expect.objectContaining({ onboarding: true }));
  });

  it('Verify stores backTo = Landing with mode=new in the login flow format', async () => {
    logIn();
    renderAt('/?mode=new');
    (await screen.findByTestId('tour')).click();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.backTo) ?? 'null')).toEqual({
      name: 'Landing',
      query: { mode: 'new' },
    });
    const stored = readBackTo(localStorage);
    expect(stored && backToHref(stored)).toBe('/?mode=new');
    // the login flow reads the same value back after a login
    expect(afterLoginHref(new URLSearchParams(), stored)).toBe('/?mode=new');
  });

  it('storeOnboardingBackTo writes through the given storage', () => {
    const setItem = vi.fn();
    storeOnboardingBackTo({ getItem: () => null, setItem, removeItem: vi.fn() });
    expect(setItem).toHaveBeenCalledWith(
      STORAGE_KEYS.backTo,
      JSON.stringify({ name: 'Landing', query: { mode: 'new' } }),
    );
  });
});
