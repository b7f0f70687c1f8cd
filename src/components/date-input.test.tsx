import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput, formatDateTyping } from './date-input';
import { renderWithProviders } from './testing/render';

function Controlled({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <DateInput
      label="Date of birth"
      value={value}
      error={error}
      onChange={(event) => setValue(event.target.value)}
      data-testid="date"
    />
  );
}

const input = () => screen.getByTestId('date') as HTMLInputElement;
const errorText = () => {
  const id = input()
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('DateInput', () => {
  it('adds the dashes of YYYY-MM-DD while digits are typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Controlled />);
    expect(input().placeholder).toBe('YYYY-MM-DD');
    await user.type(input(), '19900304');
    expect(input().value).toBe('1990-03-04');
    await user.type(input(), '5');
    expect(input().value).toBe('1990-03-04');
    await user.clear(input());
    await user.type(input(), '2024-1-');
    expect(input().value).toBe('2024-1');
  });

  it('shows its own message on blur for a date that does not exist; the form’s error wins', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<Controlled />);
    await user.type(input(), '20230229');
    await user.tab();
    expect(errorText()).toBe('Enter a real date as YYYY-MM-DD.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    await user.clear(input());
    await user.type(input(), '20240229');
    await user.tab();
    expect(errorText()).toBeUndefined();
    rerender(<Controlled error="The date cannot be in the future." />);
    expect(errorText()).toBe('The date cannot be in the future.');
  });

  it('formatDateTyping leaves other text alone', () => {
    expect(formatDateTyping('2024/01/31')).toBe('2024-01-31');
    expect(formatDateTyping('abc')).toBe('abc');
    expect(formatDateTyping('2024-')).toBe('2024-');
    expect(formatDateTyping('202401')).toBe('2024-01');
  });
});
