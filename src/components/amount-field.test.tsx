import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './testing/render';
import { AmountField } from './amount-field';

function Field({ decimals = 6, max }: { decimals?: number; max?: string }) {
  const [value, setValue] = useState('');
  return (
    <AmountField
      label="Amount"
      value={value}
      onChange={setValue}
      onMax={max === undefined ? undefined : () => setValue(max)}
      currency="USDT"
      decimals={decimals}
      testId="amount"
      maxTestId="amount-max"
    />
  );
}

const input = () => screen.getByTestId('amount') as HTMLInputElement;
const blocked = () => screen.getByTestId('amount-blocked');

describe('AmountField', () => {
  it('takes digits and one decimal point', async () => {
    renderWithProviders(<Field />);
    await userEvent.type(input(), '12.5');
    expect(input().value).toBe('12.5');
    expect(blocked().textContent).toBe('');
  });

  it('says why it blocked a minus sign, in a polite live region, and clears it on the next valid input', async () => {
    renderWithProviders(<Field />);
    await userEvent.type(input(), '-');
    expect(input().value).toBe('');
    expect(blocked().textContent).toBe('Amounts cannot be negative. Type digits only.');
    expect(blocked().getAttribute('role')).toBe('status');
    expect(blocked().getAttribute('aria-live')).toBe('polite');
    expect(input().getAttribute('aria-describedby')).toContain(blocked().id);

    await userEvent.type(input(), '5');
    expect(input().value).toBe('5');
    expect(blocked().textContent).toBe('');
    expect(input().getAttribute('aria-describedby') ?? '').not.toContain(blocked().id);
  });

  it('says why it blocked a letter, a second point and a decimal place too many', async () => {
    renderWithProviders(<Field decimals={2} />);
    await userEvent.type(input(), '1a');
    expect(input().value).toBe('1');
    expect(blocked().textContent).toBe('Type digits and at most one decimal point.');
    await userEvent.type(input(), '.25');
    expect(input().value).toBe('1.25');
    expect(blocked().textContent).toBe('');
    await userEvent.type(input(), '9');
    expect(input().value).toBe('1.25');
    expect(blocked().textContent).toBe('USDT takes at most 2 decimal places.');
    expect(blocked().dataset.reason).toBe('decimals');
  });

  it('tells a whole-number field so, and Max clears the message', async () => {
    renderWithProviders(<Field decimals={0} max="300" />);
    await userEvent.type(input(), '3.');
    await userEvent.type(input(), '5');
    expect(blocked().textContent).toBe('USDT takes whole numbers only.');
    await userEvent.click(screen.getByTestId('amount-max'));
    expect(input().value).toBe('300');
    expect(blocked().textContent).toBe('');
  });

  it('speaks the reader’s language', async () => {
    renderWithProviders(<Field />, { lng: 'zh-TW' });
    await userEvent.type(input(), '-');
    expect(blocked().textContent).toBe('金額不能為負數，請只輸入數字。');
  });
});
