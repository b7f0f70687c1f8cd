import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressBarMessage } from './progress-bar-message';
import styles from './progress-bar-message.module.css';
import {
  closeProgressBar,
  showProgressBar,
  useProgressBarStore,
  type ProgressBarType,
} from './progress-bar-store';
import { renderWithProviders } from './testing/render';

beforeEach(() => {
  act(() => closeProgressBar());
});

afterEach(() => {
  act(() => closeProgressBar());
  vi.useRealTimers();
});

describe('ProgressBarMessage', () => {
  it('keeps a polite live region and shows nothing until a message arrives', () => {
    renderWithProviders(<ProgressBarMessage />);
    const region = screen.getByTestId('progress-bar-region');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('progress-bar-message')).toBeNull();
  });

  it.each<ProgressBarType>(['success', 'warn', 'remind', 'announce'])(
    'type %s sets the style',
    (type) => {
      renderWithProviders(<ProgressBarMessage />);
      act(() => showProgressBar({ type, text: `A ${type} message` }));
      const bar = screen.getByTestId('progress-bar-message');
      expect(bar.dataset.type).toBe(type);
      expect(bar.className).toContain(styles[type]);
      expect(screen.getByTestId('progress-bar-region').textContent).toContain(`A ${type} message`);
    },
  );

  it('the lower flag moves the bar down', () => {
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'remind', text: 'Low', lower: true }));
    const bar = screen.getByTestId('progress-bar-message');
    expect(bar.dataset.lower).toBe('true');
    expect(bar.className).toContain(styles.lower);
  });

  it('the close button clears it and runs the close callback once', async () => {
    const user = userEvent.setup();
    const closeFunc = vi.fn();
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'success', text: 'Saved', closeFunc }));
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByTestId('progress-bar-message')).toBeNull();
    expect(closeFunc).toHaveBeenCalledTimes(1);
    act(() => closeProgressBar());
    expect(closeFunc).toHaveBeenCalledTimes(1);
  });

  it('type "close" clears the bar', () => {
    const closeFunc = vi.fn();
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'warn', text: 'Careful', closeFunc }));
    act(() => showProgressBar({ type: 'close' }));
    expect(screen.queryByTestId('progress-bar-message')).toBeNull();
    expect(closeFunc).toHaveBeenCalledTimes(1);
  });

  it('auto-closes after autoClose + 200 ms and runs the callback exactly once', () => {
    vi.useFakeTimers();
    const closeFunc = vi.fn();
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'announce', text: 'News', autoClose: 3000, closeFunc }));

    act(() => vi.advanceTimersByTime(3000 + 200 - 1));
    expect(screen.getByTestId('progress-bar-message')).toBeTruthy();
    expect(closeFunc).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('progress-bar-message')).toBeNull();
    expect(closeFunc).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(10_000));
    act(() => closeProgressBar());
    expect(closeFunc).toHaveBeenCalledTimes(1);
  });

  it('a manual close cancels the auto-close timer (no second callback, no late close)', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'success', text: 'One', autoClose: 1000, closeFunc: first }));
    act(() => closeProgressBar());
    expect(first).toHaveBeenCalledTimes(1);

    act(() => showProgressBar({ type: 'remind', text: 'Two', closeFunc: second }));
    act(() => vi.advanceTimersByTime(5000));
    expect(first).toHaveBeenCalledTimes(1);
    // The first message's timer must not close the second message.
    expect(screen.getByTestId('progress-bar-message').textContent).toContain('Two');
    expect(second).not.toHaveBeenCalled();
  });

  it('a replacing message closes the previous one (its callback runs once)', () => {
    const first = vi.fn();
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'warn', text: 'First', closeFunc: first }));
    act(() => showProgressBar({ type: 'success', text: 'Second' }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('progress-bar-message').textContent).toContain('Second');
    act(() => closeProgressBar());
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('a link navigates to its route and closes the bar', async () => {
    const user = userEvent.setup();
    const closeFunc = vi.fn();
    renderWithProviders(<ProgressBarMessage />);
    act(() =>
      showProgressBar({
        type: 'remind',
        text: 'Verify your identity to subscribe.',
        link: { text: 'Go to Account', href: '/account' },
        closeFunc,
      }),
    );
    await user.click(screen.getByRole('link', { name: 'Go to Account' }));
    expect(screen.getByTestId('location').textContent).toBe('/account');
    expect(screen.queryByTestId('progress-bar-message')).toBeNull();
    expect(closeFunc).toHaveBeenCalledTimes(1);
  });

  it('a callback that closes again does not run twice', () => {
    const closeFunc = vi.fn(() => useProgressBarStore.getState().close());
    renderWithProviders(<ProgressBarMessage />);
    act(() => showProgressBar({ type: 'success', text: 'Done', closeFunc }));
    act(() => closeProgressBar());
    expect(closeFunc).toHaveBeenCalledTimes(1);
  });
});
