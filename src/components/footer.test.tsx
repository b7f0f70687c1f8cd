import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer, helpCenterHref } from './footer';
import { renderWithProviders } from './testing/render';

const sites = { en: 'https://help.example.test/en', zhTw: 'https://help.example.test/zh-tw' };

describe('helpCenterHref', () => {
  it('uses the Traditional Chinese site for Chinese locales and English otherwise', () => {
    expect(helpCenterHref('en-US', sites)).toBe(sites.en);
    expect(helpCenterHref('zh-TW', sites)).toBe(sites.zhTw);
    expect(helpCenterHref('zh-CN', sites)).toBe(sites.zhTw);
  });
});

describe('Footer', () => {
  it('shows the notes for everyone and omits links that have no target', () => {
    renderWithProviders(<Footer locale="en-US" year={2030} />);
    expect(screen.getByTestId('footer-copyright').textContent).toBe(
      '© 2030 BCNT Platform. All rights reserved.',
    );
    expect(screen.getByTestId('footer-timezone').textContent).toContain('UTC+8');
    expect(screen.getByTestId('footer-browser').textContent).toContain('Chrome');
    expect(screen.getByTestId('footer-disclaimer').textContent).toContain('risk');
    expect(screen.queryByTestId('footer-about-us')).toBeNull();
    expect(screen.queryByTestId('footer-help-center')).toBeNull();
    expect(screen.queryByTestId('footer-app-store')).toBeNull();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('links internal routes in the app and external sites in a new tab', () => {
    renderWithProviders(
      <Footer
        locale="zh-TW"
        links={{ aboutUs: '/about-us', blog: 'https://blog.example.test', helpCenter: sites }}
        apps={{ playStore: 'https://play.example.test/app' }}
      />,
      { lng: 'zh-TW' },
    );
    const about = screen.getByTestId('footer-about-us');
    expect(about.getAttribute('href')).toBe('/about-us');
    expect(about.getAttribute('target')).toBeNull();
    const help = screen.getByTestId('footer-help-center');
    expect(help.getAttribute('href')).toBe(sites.zhTw);
    expect(help.getAttribute('rel')).toBe('noopener noreferrer');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('footer-blog').getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('footer-play-store').getAttribute('href')).toBe(
      'https://play.example.test/app',
    );
    expect(screen.getByTestId('footer-timezone').textContent).toContain('台北時間');
  });

  it('links the legal pages and the in-app help default', () => {
    renderWithProviders(
      <Footer
        locale="en-US"
        links={{
          userAgreement: '/user-agreement',
          privacyPolicy: '/privacy-policy',
          helpCenter: { en: '/?type=contact-us', zhTw: '/?type=contact-us' },
        }}
      />,
    );
    const legal = screen.getByRole('region', { name: 'Legal' });
    expect(screen.getByRole('link', { name: 'User Agreement' }).getAttribute('href')).toBe(
      '/user-agreement',
    );
    expect(legal.textContent).toContain('Privacy Policy');
    const help = screen.getByTestId('footer-help-center');
    expect(help.getAttribute('href')).toBe('/?type=contact-us');
    expect(help.getAttribute('target')).toBeNull();
  });

  it('shows the support contact lines to members only', () => {
    const support = { email: 'support@example.test', phone: '+886 2 1234 5678' };
    const { unmount } = renderWithProviders(<Footer locale="en-US" support={support} />);
    expect(screen.queryByTestId('footer-support-email')).toBeNull();
    expect(screen.queryByTestId('footer-support-phone')).toBeNull();
    unmount();

    renderWithProviders(
      <Footer locale="en-US" support={support} isMember address="1 Example Road" />,
    );
    expect(screen.getByRole('link', { name: support.email }).getAttribute('href')).toBe(
      'mailto:support@example.test',
    );
    expect(screen.getByRole('link', { name: support.phone }).getAttribute('href')).toBe(
      'tel:+886212345678',
    );
    expect(screen.getByTestId('footer-address').textContent).toContain('1 Example Road');
  });
});
