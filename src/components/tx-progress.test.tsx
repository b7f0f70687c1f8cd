import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shortHash, TxProgress, type TxProgressProps, type TxProgressTexts } from './tx-progress';

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const texts: TxProgressTexts = {
  steps: 'Transaction progress',
  stepWaiting: 'Confirm',
  stepPending: 'Pending',
  stepDone: 'Done',
  stepFailed: 'Failed',
  stepCancelled: 'Cancelled',
  hashLabel: 'Transaction',
  copy: 'Copy',
  copyLabel: 'Copy the transaction hash',
  copied: 'Copied',
  copyFailed: 'Failed to copy texts.',
  retry: 'Try again',
};

function renderProgress(props: Partial<TxProgressProps> = {}) {
  return render(
    <TxProgress status="waiting" message="Confirm in your wallet…" texts={texts} {...props} />,
  );
}

const root = () => screen.getByTestId('tx-progress');
const stepStates = () =>
  within(root())
    .getAllByRole('listitem')
    .map((item) => `${item.textContent}:${item.getAttribute('data-step-state')}`);

describe('TxProgress', () => {
  it('renders nothing while idle', () => {
    const { container } = renderProgress({ status: 'idle' });
    expect(container.innerHTML).toBe('');
  });

  it('Waiting: the first step is current, the status line is a polite live region', () => {
    renderProgress({ label: 'Stake 10,000 BCNT' });
    expect(root().getAttribute('data-state')).toBe('waiting');
    expect(root().textContent).toContain('Stake 10,000 BCNT');
    expect(screen.getByRole('list', { name: 'Transaction progress' })).toBeTruthy();
    expect(stepStates()).toEqual(['1Confirm:current', '2Pending:upcoming', '3Done:upcoming']);
    expect(within(root()).getAllByRole('listitem')[0]!.getAttribute('aria-current')).toBe('step');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Confirm in your wallet…');
    expect(screen.queryByTestId('tx-progress-hash')).toBeNull();
    expect(screen.queryByTestId('tx-progress-retry')).toBeNull();
  });

  it('Pending: the short hash, copied in full', async () => {
    const user = userEvent.setup();
    renderProgress({ status: 'pending', message: 'Waiting for confirmation…', hash: HASH });
    expect(stepStates()).toEqual(['Confirm:complete', '2Pending:current', '3Done:upcoming']);
    const hash = screen.getByTestId('tx-progress-hash');
    expect(hash.textContent).toBe('0x5c50…2060');
    expect(hash.getAttribute('title')).toBe(HASH);
    const copy = screen.getByRole('button', { name: 'Copy the transaction hash' });
    expect(copy.textContent).toBe('Copy');
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(screen.getByTestId('tx-progress-copy').textContent).toBe('Copied');
    expect(screen.getByTestId('tx-progress-copy').getAttribute('data-state')).toBe('copied');
  });

  it('says "Failed to copy texts." when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    renderProgress({ status: 'pending', message: 'Waiting for confirmation…', hash: HASH });
    await user.click(screen.getByTestId('tx-progress-copy'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to copy texts.');
    expect(screen.getByTestId('tx-progress-copy').getAttribute('data-state')).toBe('failed');
  });

  it('Done: every step complete, no retry', () => {
    renderProgress({ status: 'done', message: 'Done.', hash: HASH, onRetry: vi.fn() });
    expect(stepStates()).toEqual(['Confirm:complete', 'Pending:complete', 'Done:done']);
    expect(screen.queryByTestId('tx-progress-retry')).toBeNull();
  });

  it('Failed after mining: the reason line and a retry that calls onRetry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderProgress({
      status: 'failed',
      message: 'The transaction failed.',
      error: 'Unstake request #0 has already been withdrawn.',
      hash: HASH,
      onRetry,
    });
    expect(root().getAttribute('data-state')).toBe('failed');
    expect(stepStates()).toEqual(['Confirm:complete', 'Pending:complete', 'Failed:failed']);
    expect(screen.getByRole('status').textContent).toBe(
      'The transaction failed.Unstake request #0 has already been withdrawn.',
    );
    expect(screen.getByTestId('tx-progress-error').textContent).toBe(
      'Unstake request #0 has already been withdrawn.',
    );
    await user.click(screen.getByTestId('tx-progress-retry'));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('Cancelled in the wallet (no hash): the steps before were skipped; retry offered', () => {
    renderProgress({
      status: 'cancelled',
      message: 'You cancelled the request in your wallet.',
      onRetry: vi.fn(),
    });
    expect(stepStates()).toEqual(['1Confirm:skipped', '2Pending:skipped', 'Cancelled:cancelled']);
    expect(screen.getByTestId('tx-progress-retry').textContent).toBe('Try again');
    expect(screen.queryByTestId('tx-progress-hash')).toBeNull();
  });

  it('wrong-chain: no steps, the message and the given actions; a custom test id', () => {
    renderProgress({
      status: 'wrong-chain',
      message: 'Your wallet is on another network.',
      actions: <button type="button">Switch to Localhost</button>,
      testId: 'stake-tx',
    });
    const el = screen.getByTestId('stake-tx');
    expect(el.getAttribute('data-state')).toBe('wrong-chain');
    expect(within(el).queryByRole('list')).toBeNull();
    expect(screen.getByTestId('stake-tx-message').textContent).toBe(
      'Your wallet is on another network.',
    );
    expect(screen.getByRole('button', { name: 'Switch to Localhost' })).toBeTruthy();
  });
});

describe('shortHash', () => {
  it('keeps 0x + 4 and the last 4 characters', () => {
    expect(shortHash(HASH)).toBe('0x5c50…2060');
    expect(shortHash('0x1234')).toBe('0x1234');
  });
});
