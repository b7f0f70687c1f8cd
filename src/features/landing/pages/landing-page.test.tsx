import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import LandingPage from './landing-page';

const HREFS = { signUpHref: '/register', loginHref: '/login', accountHref: '/account' };

describe('LandingPage', () => {
  it('offers a visitor Sign up and Log in in the banner', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage {...HREFS} />);
    const hero = screen.getByTestId('landing-hero');
    expect(within(hero).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await user.click(within(hero).getByRole('link', { name: 'Create an account' }));
    expect(screen.getByTestId('location').textContent).toBe('/register');
  });

  it('offers a member their account instead of Sign up', () => {
    localStorage.setItem(
      STORAGE_KEYS.loginInfo,
      JSON.stringify({ token: 't', expiredTime: Date.now() + 60_000 }),
    );
    renderWithProviders(<LandingPage {...HREFS} />);
    const hero = screen.getByTestId('landing-hero');
    expect(within(hero).queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(within(hero).getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe(
      '/account',
    );
  });

  it('shows the banner, feature cards, products in words, the three steps and the contact card', () => {
    renderWithProviders(<LandingPage {...HREFS} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('one wallet');
    expect(screen.getByTestId('landing-hero')).toBeTruthy();

    const features = screen.getByTestId('landing-features');
    expect(within(features).getAllByRole('listitem')).toHaveLength(4);
    for (const title of [
      'Custodial wallet',
      'Identity verification',
      'Loyalty levels',
      'Two-step security',
    ]) {
      expect(within(features).getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(features.textContent).toContain('BCNT, USDT, USDC, BTC and ETH');
    expect(features.textContent).toContain('Alliance NFT');

    const products = screen.getByTestId('landing-products');
    for (const name of [
      'Stable Income',
      'Mixed Quant',
      'Smart Autotrade',
      'Lending Bot',
      'BinFi',
    ]) {
      expect(within(products).getByRole('heading', { name })).toBeTruthy();
    }

    const steps = within(screen.getByTestId('landing-steps')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Register',
      'Verify your identity',
      'Subscribe',
    ]);
    expect(screen.getByTestId('landing-contact-card')).toBeTruthy();
  });

  it('invents no rates or amounts', () => {
    renderWithProviders(<LandingPage {...HREFS} />);
    const text = screen.getByTestId('landing-page').textContent ?? '';
    expect(text).not.toMatch(/%|\d+\s*(USDT|BCNT|USDC|BTC|ETH)/);
  });

  it('the contact card opens the contact dialog through the URL', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage {...HREFS} />, { route: '/?lang=x' });
    await user.click(
      within(screen.getByTestId('landing-contact-card')).getByRole('button', {
        name: 'Contact us',
      }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/?lang=x&type=contact-us');
  });

  it('does not show the visitors-only contact card to members', () => {
    localStorage.setItem(
      STORAGE_KEYS.loginInfo,
      JSON.stringify({ token: 't', expiredTime: Date.now() + 60_000 }),
    );
    renderWithProviders(<LandingPage {...HREFS} />);
    expect(screen.queryByTestId('landing-contact-card')).toBeNull();
    expect(screen.getByTestId('landing-steps')).toBeTruthy();
  });

  it('is translated in Traditional and Simplified Chinese', () => {
    const { unmount } = renderWithProviders(<LandingPage {...HREFS} />, { lng: 'zh-TW' });
    expect(screen.getByTestId('landing-features').textContent).toContain('託管錢包');
    unmount();
    renderWithProviders(<LandingPage {...HREFS} />, { lng: 'zh-CN' });
    expect(screen.getByTestId('landing-features').textContent).toContain('托管钱包');
  });
});
