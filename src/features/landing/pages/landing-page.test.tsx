import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import LandingPage from './landing-page';

const HREFS = {
  signUpHref: '/register',
  loginHref: '/login',
  accountHref: '/account',
  earnHref: '/earn',
};

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

  it('puts the Fixed Pro and Fixed blocks after the features, then the difference table', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LandingPage
        {...HREFS}
        renderProductCards={(block) => <p data-testid={`cards-${block}`}>{block} cards</p>}
      />,
    );
    const order = [...screen.getByTestId('landing-page').querySelectorAll(':scope > section')].map(
      (section) => section.getAttribute('data-testid'),
    );
    expect(order).toEqual([
      'landing-hero',
      'landing-features',
      'landing-block-fixed-pro',
      'landing-block-fixed',
      'landing-compare',
      'landing-products',
      'landing-steps',
      'landing-contact-card',
    ]);
    const pro = screen.getByTestId('landing-block-fixed-pro');
    expect(within(pro).getByRole('heading', { level: 2 }).textContent).toBe('Fixed Pro');
    expect(within(pro).getByTestId('cards-fixed-pro')).toBeTruthy();
    const fixed = screen.getByTestId('landing-block-fixed');
    expect(within(fixed).getByRole('heading', { level: 2 }).textContent).toBe('Stable Income');
    expect(fixed.textContent).toContain('3-month USDT and USDC, 6-month BTC and ETH');
    expect(within(fixed).getByTestId('cards-fixed')).toBeTruthy();
    await user.click(within(fixed).getByRole('link', { name: 'All earn products' }));
    expect(screen.getByTestId('location').textContent).toBe('/earn');
  });

  it('compares Stable Income, Fixed Pro and Mixed Quant in a table', () => {
    renderWithProviders(<LandingPage {...HREFS} />);
    const table = within(screen.getByTestId('landing-compare')).getByRole('table', {
      name: 'Stable Income, Fixed Pro and Mixed Quant compared',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Feature', 'Stable Income', 'Fixed Pro', 'Mixed Quant']);
    const rewards = within(screen.getByTestId('landing-compare-rewards'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(rewards).toEqual([
      'Paid to your wallet',
      'Added to the principal',
      'In the net asset value',
    ]);
    const dca = within(screen.getByTestId('landing-compare-dca'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(dca).toEqual(['Yes', 'No', 'No']);
  });

  it('leaves the catalog blocks out when the app gives no cards', () => {
    renderWithProviders(<LandingPage {...HREFS} />);
    expect(screen.queryByTestId('landing-block-fixed-pro')).toBeNull();
    expect(screen.queryByTestId('landing-block-fixed')).toBeNull();
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
    expect(screen.getByTestId('landing-compare-rewards').textContent).toContain('滾入本金');
    unmount();
    renderWithProviders(<LandingPage {...HREFS} />, { lng: 'zh-CN' });
    expect(screen.getByTestId('landing-features').textContent).toContain('托管钱包');
    expect(screen.getByTestId('landing-compare-rewards').textContent).toContain('滚入本金');
  });
});
