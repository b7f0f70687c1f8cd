import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import AnueLandingPage from './anue-landing-page';

describe('AnueLandingPage', () => {
  it("welcomes Anue's readers and leads a visitor to sign up, the products and the campaigns", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AnueLandingPage />, { route: '/anue' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Anue readers');
    expect(screen.getByTestId('anue-sign-up').getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('anue-log-in').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('anue-product-stable').getAttribute('href')).toBe('/earn?tab=stable');
    expect(screen.getByTestId('anue-product-mixed').getAttribute('href')).toBe('/earn?tab=mixed');
    expect(screen.getByTestId('anue-product-autotrade').getAttribute('href')).toBe('/trading-bot');
    await user.click(screen.getByTestId('anue-campaigns'));
    expect(screen.getByTestId('location').textContent).toBe('/event');
  });

  it.each([
    ['zh-TW', '歡迎鉅亨網讀者', '查看穩定收益產品'],
    ['zh-CN', '欢迎钜亨网读者', '查看稳定收益产品'],
  ])('is written in %s', (lng, title, link) => {
    renderWithProviders(<AnueLandingPage />, { route: '/anue', lng });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByTestId('anue-product-stable').textContent).toBe(link);
  });
});
