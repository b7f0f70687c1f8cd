import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../components/testing/test-i18n';
import { NavSearch } from './nav-search';

function Result() {
  const location = useLocation();
  return <output data-testid="result">{location.pathname + location.search}</output>;
}

function renderAt(lng = 'en-US') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <NavSearch searchHref="/search-result" /> },
      { path: '/search-result', element: <Result /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('NavSearch', () => {
  beforeEach(() => {
    window.innerWidth = 375; // the folded menu: the field is always shown
  });

  it('sends the words typed to SearchResult as q, in the app (no reload)', async () => {
    const user = userEvent.setup();
    const router = renderAt();
    const search = screen.getByRole('search', { name: 'Search products and strategies' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search products and strategies' }),
      'usdt fixed',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('result')).textContent).toBe('/search-result?q=usdt+fixed');
    expect(router.state.historyAction).toBe('PUSH');
    expect(search.isConnected).toBe(false);
  });

  it('does not search for nothing, and keeps to 60 characters', async () => {
    const user = userEvent.setup();
    renderAt();
    const input = screen.getByTestId('nav-search-input');
    expect(input.getAttribute('maxlength')).toBe('60');
    await user.click(screen.getByTestId('nav-search-submit'));
    expect(screen.queryByTestId('result')).toBeNull();
  });

  it('in the bar, the button first opens the field (focused), then searches; Esc closes it', async () => {
    window.innerWidth = 1280;
    const user = userEvent.setup();
    renderAt();
    const form = screen.getByTestId('nav-search');
    expect(form.hasAttribute('data-open')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(form.getAttribute('data-open')).toBe('true');
    expect(screen.queryByTestId('result')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('nav-search-input')),
    );
    await user.keyboard('{Escape}');
    expect(form.hasAttribute('data-open')).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('nav-search-submit'));

    await user.click(screen.getByTestId('nav-search-submit'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('nav-search-input')),
    );
    await user.keyboard('btc{Enter}');
    expect((await screen.findByTestId('result')).textContent).toBe('/search-result?q=btc');
  });

  it('is labelled in the reader’s language', () => {
    renderAt('zh-TW');
    expect(screen.getByRole('search', { name: '搜尋產品與策略' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '搜尋' })).toBeTruthy();
  });
});
