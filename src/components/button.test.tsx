import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('a busy button shows an ellipsis, keeps its name and ignores presses', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('button-busy').textContent).toBe('…');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('stays busy while an async handler runs, so it cannot be pressed twice', async () => {
    const user = userEvent.setup();
    let resolve!: () => void;
    const onClick = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<Button onClick={onClick}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    await user.click(button);
    await user.click(button);
    await user.dblClick(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');

    resolve();
    await vi.waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('a busy submit button does not submit its form again', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" busy>
          Send
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is a plain button by default (never submits by accident)', () => {
    render(<Button>Open</Button>);
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('type')).toBe('button');
  });
});
