import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { AppDownloadBanner } from './app-download-banner';
import { shouldShowAppDownload, type AppDownloadContext } from './app-download-rules';
import { renderWithProviders } from './testing/render';

const links = { appStore: 'https://apps.example.test/ios', apk: 'https://example.test/app.apk' };

const base: AppDownloadContext = {
  isMobile: true,
  closed: false,
  pathname: '/',
  hostname: 'app.example.test',
  refer: null,
  links,
};

describe('shouldShowAppDownload', () => {
  it('shows at mobile widths on an ordinary route', () => {
    expect(shouldShowAppDownload(base)).toBe(true);
  });

  it('hides on desktop widths and once closed', () => {
    expect(shouldShowAppDownload({ ...base, isMobile: false })).toBe(false);
    expect(shouldShowAppDownload({ ...base, closed: true })).toBe(false);
  });

  it('hides on listed routes and below them, not on look-alike paths', () => {
    expect(shouldShowAppDownload({ ...base, pathname: '/coolbitx' })).toBe(false);
    expect(shouldShowAppDownload({ ...base, pathname: '/coolbitx/referral/entry' })).toBe(false);
    expect(shouldShowAppDownload({ ...base, pathname: '/kyc' })).toBe(false);
    expect(shouldShowAppDownload({ ...base, pathname: '/kycx' })).toBe(true);
    expect(shouldShowAppDownload({ ...base, pathname: '/x', hiddenPaths: ['/x'] })).toBe(false);
  });

  it('hides on listed hosts and their subdomains', () => {
    const hiddenHosts = ['partner.example'];
    expect(shouldShowAppDownload({ ...base, hostname: 'partner.example', hiddenHosts })).toBe(
      false,
    );
    expect(shouldShowAppDownload({ ...base, hostname: 'm.partner.example', hiddenHosts })).toBe(
      false,
    );
    expect(shouldShowAppDownload({ ...base, hostname: 'notpartner.example', hiddenHosts })).toBe(
      true,
    );
  });

  it('hides when refer equals a partner value (any case), not for other referral codes', () => {
    expect(shouldShowAppDownload({ ...base, refer: 'coolbitx' })).toBe(false);
    expect(shouldShowAppDownload({ ...base, refer: 'CoolBitX' })).toBe(false);
    expect(shouldShowAppDownload({ ...base, refer: 'ABC123' })).toBe(true);
    expect(shouldShowAppDownload({ ...base, refer: 'p1', partnerRefers: ['p1'] })).toBe(false);
  });

  it('hides when there is no store link to offer', () => {
    expect(shouldShowAppDownload({ ...base, links: {} })).toBe(false);
  });
});

describe('AppDownloadBanner', () => {
  beforeEach(() => {
    window.innerWidth = 375;
    window.innerHeight = 812;
  });

  it('shows the configured store links at mobile width and remembers closing', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <AppDownloadBanner pathname="/" search="" links={links} />,
    );
    const banner = screen.getByTestId('app-download-banner');
    const appStore = screen.getByRole('link', { name: /App Store/ });
    expect(appStore.getAttribute('href')).toBe(links.appStore);
    expect(appStore.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Google Play/ })).toBeNull();
    expect(banner).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close the app download banner' }));
    expect(screen.queryByTestId('app-download-banner')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.closeAppDownload)).toBe('true');

    unmount();
    renderWithProviders(<AppDownloadBanner pathname="/" search="" links={links} />);
    expect(screen.queryByTestId('app-download-banner')).toBeNull();
  });

  it('hides for a partner refer query and when the viewport becomes wide', () => {
    const { rerender } = renderWithProviders(
      <AppDownloadBanner pathname="/register" search="?refer=coolbitx" links={links} />,
    );
    expect(screen.queryByTestId('app-download-banner')).toBeNull();

    rerender(<AppDownloadBanner pathname="/register" search="?refer=FRIEND1" links={links} />);
    expect(screen.getByTestId('app-download-banner')).toBeTruthy();

    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByTestId('app-download-banner')).toBeNull();
  });
});
