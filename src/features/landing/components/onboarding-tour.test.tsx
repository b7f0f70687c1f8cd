import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NAV_HIGHLIGHT_ATTRIBUTE } from '../../../components/nav-highlight';
import { renderWithProviders } from '../../../components/testing/render';
import { OnboardingTour, type OnboardingTourProps } from './onboarding-tour';

function renderTour(props: Partial<OnboardingTourProps> = {}, lng = 'en-US') {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const result = renderWithProviders(<OnboardingTour onClose={onClose} {...props} />, { lng });
  return { ...result, onClose, user };
}

const tour = () => screen.getByTestId('onboarding');
const highlighted = () => document.documentElement.hasAttribute(NAV_HIGHLIGHT_ATTRIBUTE);

describe('OnboardingTour', () => {
  it('starts at step 0 in a named dialog with Previous disabled and the dots', () => {
    renderTour();
    const dialog = screen.getByRole('dialog', { name: 'Welcome to the BCNT Platform' });
    expect(dialog.contains(tour())).toBe(true);
    expect(tour().getAttribute('data-step')).toBe('0');
    expect((screen.getByTestId('onboarding-prev') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('onboarding-dot-0').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('onboarding-dot-1').getAttribute('aria-current')).toBeNull();
    expect(screen.queryByTestId('onboarding-done')).toBeNull();
    expect(highlighted()).toBe(false);
  });

  it('moves through steps 0 to 3: dots on 0-2, Done and the nav highlight only on 3', async () => {
    const { user } = renderTour();
    for (const step of [1, 2]) {
      await user.click(screen.getByTestId('onboarding-next'));
      expect(tour().getAttribute('data-step')).toBe(String(step));
      expect((screen.getByTestId('onboarding-prev') as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByTestId(`onboarding-dot-${step}`).getAttribute('aria-current')).toBe(
        'step',
      );
      expect(screen.queryByTestId('onboarding-done')).toBeNull();
      expect(highlighted()).toBe(false);
    }

    await user.click(screen.getByTestId('onboarding-next'));
    expect(tour().getAttribute('data-step')).toBe('3');
    expect(
      screen.getByRole('dialog', { name: 'Everything is in the navigation bar' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('onboarding-next')).toBeNull();
    expect(screen.queryByTestId('onboarding-dot-0')).toBeNull();
    expect(screen.getByTestId('onboarding-done')).toBeTruthy();
    expect(highlighted()).toBe(true);
    // Next became Done: focus follows to Done instead of falling to the page.
    expect(document.activeElement).toBe(screen.getByTestId('onboarding-done'));

    await user.click(screen.getByTestId('onboarding-prev'));
    expect(tour().getAttribute('data-step')).toBe('2');
    expect(highlighted()).toBe(false);
  });

  it('moves focus to Next when Previous becomes disabled at step 0', async () => {
    const { user } = renderTour();
    await user.click(screen.getByTestId('onboarding-next'));
    await user.click(screen.getByTestId('onboarding-prev'));
    expect(tour().getAttribute('data-step')).toBe('0');
    expect(document.activeElement).toBe(screen.getByTestId('onboarding-next'));
  });

  it('Done closes the tour and removes the nav highlight when the tour goes away', async () => {
    const { user, onClose, unmount } = renderTour();
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByTestId('onboarding-next'));
    await user.click(screen.getByTestId('onboarding-done'));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(highlighted()).toBe(false);
  });

  it('the close button and Esc close the tour', async () => {
    const { user, onClose } = renderTour();
    await user.click(screen.getByTestId('onboarding-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('onboarding-close').getAttribute('aria-label')).toBe('Close');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps keyboard focus inside the dialog', async () => {
    const { user } = renderTour();
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('shows Verify at step 1 only, as a new-tab link that runs onClick first', async () => {
    const onVerify = vi.fn();
    const { user } = renderTour({ verify: { href: '/kyc?step=upload', onClick: onVerify } });
    expect(screen.queryByTestId('onboarding-verify')).toBeNull();

    await user.click(screen.getByTestId('onboarding-next'));
    const verify = screen.getByTestId('onboarding-verify');
    expect(verify.tagName).toBe('A');
    expect(verify.getAttribute('href')).toBe('/kyc?step=upload');
    expect(verify.getAttribute('target')).toBe('_blank');
    expect(verify.getAttribute('rel')).toContain('noopener');
    expect(within(verify).getByText('(opens in a new tab)', { exact: false })).toBeTruthy();
    await user.click(verify);
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location').textContent).toBe('/');

    await user.click(screen.getByTestId('onboarding-next'));
    expect(screen.queryByTestId('onboarding-verify')).toBeNull();
  });

  it('shows no Verify at step 1 without the verify prop', async () => {
    const { user } = renderTour();
    await user.click(screen.getByTestId('onboarding-next'));
    expect(tour().getAttribute('data-step')).toBe('1');
    expect(screen.queryByTestId('onboarding-verify')).toBeNull();
  });

  it('is translated in Traditional and Simplified Chinese', async () => {
    const { unmount } = renderTour({}, 'zh-TW');
    expect(screen.getByRole('dialog', { name: '歡迎來到 BCNT 平台' })).toBeTruthy();
    expect(screen.getByTestId('onboarding-next').textContent).toBe('下一步');
    unmount();
    renderTour({}, 'zh-CN');
    expect(screen.getByRole('dialog', { name: '欢迎来到 BCNT 平台' })).toBeTruthy();
  });
});
