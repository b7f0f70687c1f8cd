import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { createTestI18n } from './testing/test-i18n';

/** With the real locale files and nothing else (no router: its probe is a status region too). */
function renderWithI18n(ui: ReactElement, lng = 'en-US') {
  return render(<I18nextProvider i18n={createTestI18n(lng)}>{ui}</I18nextProvider>);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it('copies the value, says "Copied" and goes back to "Copy" after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithI18n(<CopyButton value="ANN12345" label="Copy the code" data-testid="copy" />);
    const button = screen.getByRole('button', { name: 'Copy the code' });
    expect(button.getAttribute('data-testid')).toBe('copy');
    expect(button.getAttribute('title')).toBe('Copy the code');
    expect(button.textContent).toBe('Copy');
    expect(button.getAttribute('data-state')).toBe('idle');
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('ANN12345');
    expect(button.textContent).toBe('Copied');
    expect(button.getAttribute('data-state')).toBe('copied');
    act(() => vi.advanceTimersByTime(2000));
    expect(button.textContent).toBe('Copy');
    expect(button.getAttribute('data-state')).toBe('idle');
  });

  it('says "Failed to copy texts." in its polite status region when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    renderWithI18n(<CopyButton value="x" label="Copy" data-testid="copy" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(screen.getByTestId('copy'));
    expect(status.textContent).toBe('Failed to copy texts.');
    expect(screen.getByTestId('copy').getAttribute('data-state')).toBe('failed');
  });

  it('speaks the reader language', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    renderWithI18n(<CopyButton value="x" label="複製" data-testid="copy" />, 'zh-TW');
    expect(screen.getByTestId('copy').textContent).toBe('複製');
    await user.click(screen.getByTestId('copy'));
    expect(screen.getByRole('status').textContent).toBe('複製文字失敗。');
  });

  it('with given texts (no i18n) and failureRole "alert": an alert only once copying failed', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(
      <CopyButton
        value="0xabc"
        label="Copy the hash"
        texts={{ copy: 'Copy hash', copied: 'Done', failed: 'No clipboard.' }}
        failureRole="alert"
        data-testid="copy"
      />,
    );
    expect(screen.getByTestId('copy').textContent).toBe('Copy hash');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByTestId('copy'));
    expect(screen.getByRole('alert').textContent).toBe('No clipboard.');
  });
});
