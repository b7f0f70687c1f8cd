import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput, ResendButton } from './code-input';
import { renderWithProviders } from './testing/render';

function Harness({
  onComplete,
  initial = '',
  error,
}: {
  onComplete?: (code: string) => void;
  initial?: string;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeInput
        label="E-mail code"
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        error={error}
        data-testid="code"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (index: number) => screen.getByTestId(`code-${index}`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('CodeInput', () => {
  it('is a labelled group of six numeric boxes', () => {
    renderWithProviders(<Harness />);
    const group = screen.getByRole('group', { name: 'E-mail code' });
    expect(group.querySelectorAll('input')).toHaveLength(6);
    expect(box(0).getAttribute('inputmode')).toBe('numeric');
    expect(box(0).getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toBe(box(2));
  });

  it('moves to the next box after each digit and completes once with the whole code', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await user.click(box(0));
    await user.keyboard('12');
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('a3456');
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(document.activeElement).toBe(box(5));
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(box(0));
    await user.keyboard('x-');
    expect(value()).toBe('');
    expect(document.activeElement).toBe(box(0));
  });

  it('fills every box from a pasted code (any box, any spacing) and completes', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await user.click(box(0));
    await user.paste(' 654 321 ');
    expect(value()).toBe('654321');
    expect([0, 1, 2, 3, 4, 5].map((i) => box(i).value).join('')).toBe('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('fills all boxes when the browser autofills the code into the first box', () => {
    const onComplete = vi.fn();
    renderWithProviders(<Harness onComplete={onComplete} />);
    fireEvent.change(box(0), { target: { value: '908172' } });
    expect(value()).toBe('908172');
    expect(onComplete).toHaveBeenCalledWith('908172');
  });

  it('never leaves a gap: focusing a later box moves to the first empty one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="12" />);
    await user.click(box(5));
    expect(document.activeElement).toBe(box(2));
  });

  it('Backspace clears the digit, or goes back from an empty box; arrows move', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="123" />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(box(1));
  });

  it('replaces a digit typed over an existing one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1234" />);
    await user.click(box(1));
    await user.keyboard('9');
    expect(value()).toBe('1934');
    expect(document.activeElement).toBe(box(2));
  });

  it('shows its error and marks the boxes invalid', () => {
    renderWithProviders(<Harness error="The code is wrong." />);
    expect(screen.getByRole('alert').textContent).toBe('The code is wrong.');
    expect(box(0).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
  });
});

describe('ResendButton', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down visibly, then allows one resend at a time', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let release!: () => void;
    const onResend = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    renderWithProviders(
      <ResendButton availableAt={1_000_000 + 3_000} onResend={onResend} data-testid="resend" />,
    );
    const button = screen.getByTestId('resend') as HTMLButtonElement;
    expect(button.textContent).toContain('Resend in 3 s');
    expect(button.disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(button.textContent).toContain('Resend in 2 s');
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(button.textContent).toContain('Resend code');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      release();
    });
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('restarts the countdown when a new time is given', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const { rerender } = renderWithProviders(
      <ResendButton availableAt={null} onResend={async () => {}} data-testid="resend" />,
    );
    expect(screen.getByTestId('resend').textContent).toContain('Resend code');
    rerender(
      <ResendButton
        availableAt={5_000_000 + 60_000}
        onResend={async () => {}}
        data-testid="resend"
      />,
    );
    expect(screen.getByTestId('resend').textContent).toContain('Resend in 60 s');
  });
});
