import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ButtonLink } from './button-link';
import { renderWithProviders } from './testing/render';

describe('ButtonLink', () => {
  it('is a link with the button look that navigates in the app', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ButtonLink to="/kyc" variant="secondary" data-testid="go">
        Verify
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Verify' });
    expect(link.getAttribute('href')).toBe('/kyc');
    expect(link.getAttribute('target')).toBeNull();
    await user.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/kyc');
  });

  it('opens in a new tab without an opener and says so', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithProviders(
      <ButtonLink to="/kyc?step=upload" newTab onClick={onClick}>
        Verify
      </ButtonLink>,
      { lng: 'zh-TW' },
    );
    const link = screen.getByRole('link', { name: 'Verify (在新分頁開啟)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    await user.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
    // the app's own history stays where it was: the new tab has the page
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
