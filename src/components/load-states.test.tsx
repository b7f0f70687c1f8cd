import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, InlineSkeleton, LoadError, Notice, Skeleton } from './load-states';
import { renderWithProviders } from './testing/render';

describe('load states', () => {
  it('Skeleton is busy, says "Loading…" and draws the lines asked for', () => {
    renderWithProviders(<Skeleton lines={4} testId="rates-loading" />);
    const skeleton = screen.getByTestId('rates-loading');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toBe('Loading…');
    expect(skeleton.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4);
  });

  it('InlineSkeleton is busy and announced, in the reader language', () => {
    renderWithProviders(<InlineSkeleton testId="amount-loading" />, { lng: 'zh-TW' });
    const skeleton = screen.getByTestId('amount-loading');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).not.toBe('');
    expect(skeleton.textContent).not.toBe('Loading…');
  });

  it('LoadError alerts with the message; Retry stays busy while the retry runs', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(
      <LoadError message="The rates could not be loaded." onRetry={onRetry} testId="err" />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('err');
    expect(alert.textContent).toContain('The rates could not be loaded.');
    const retry = screen.getByRole('button', { name: 'Retry' });
    await user.click(retry);
    await user.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(retry.getAttribute('aria-busy')).toBe('true');
    finish();
    await vi.waitFor(() => expect(retry.getAttribute('aria-busy')).toBeNull());
  });

  it('LoadError also takes a retry that returns nothing', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderWithProviders(<LoadError message="Failed." onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('EmptyState shows what it is and what to do next', () => {
    renderWithProviders(
      <EmptyState title="No devices yet" testId="empty">
        Log in on another device to see it here.
      </EmptyState>,
    );
    const empty = screen.getByTestId('empty');
    expect(empty.textContent).toBe('No devices yet' + 'Log in on another device to see it here.');
    renderWithProviders(<EmptyState title="Nothing" testId="bare" />);
    expect(screen.getByTestId('bare').querySelectorAll('p')).toHaveLength(1);
  });

  it('Notice announces a success, marks a warning as a note and keeps info plain', () => {
    renderWithProviders(
      <>
        <Notice tone="success" testId="done">
          Saved.
        </Notice>
        <Notice tone="warning" testId="lock">
          Withdrawals are locked for 24 hours.
        </Notice>
        <Notice tone="info" testId="info">
          Level 3 applies after identity verification.
        </Notice>
      </>,
    );
    expect(screen.getByTestId('done').getAttribute('role')).toBe('status');
    expect(screen.getByRole('note').getAttribute('data-testid')).toBe('lock');
    expect(screen.getByTestId('info').getAttribute('role')).toBeNull();
    expect(screen.getByTestId('lock').getAttribute('data-tone')).toBe('warning');
  });
});
