import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../../i18n/i18n';
import LoginPage from './login-page';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Login page (placeholder until the sign-in issue)', () => {
  beforeAll(async () => {
    await initI18n('en-US');
  });

  it('says honestly that member sign-in opens soon, with no form', () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByTestId('login-coming-soon').textContent).toBe('Member sign-in opens soon.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('keeps back in the URL without showing the target', () => {
    const router = renderAt('/login?back=MyStrategiesDetail&id=4');
    expect(router.state.location.search).toBe('?back=MyStrategiesDetail&id=4');
    expect(screen.queryByText(/MyStrategiesDetail/)).toBeNull();
    expect(screen.getByText(/for members/)).toBeTruthy();
  });
});
