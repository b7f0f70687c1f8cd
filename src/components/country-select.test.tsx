import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  COUNTRY_LIST_VISIBLE,
  CountrySelect,
  countryName,
  filterCountries,
  localizedCountries,
} from './country-select';
import { renderWithProviders } from './testing/render';

function Harness({
  initial = '',
  onChange,
}: {
  initial?: string;
  onChange?: (code: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <CountrySelect
        label="Nationality"
        value={value}
        onChange={(code) => {
          setValue(code);
          onChange?.(code);
        }}
        data-testid="country"
      />
      <output data-testid="value">{value}</output>
    </form>
  );
}

const input = () => screen.getByTestId('country') as HTMLInputElement;
const listbox = () => screen.getByTestId('country-listbox');
const optionNames = () =>
  screen.queryAllByRole('option').map((option) => option.firstChild?.textContent);

describe('CountrySelect', () => {
  it('filters by the start of the name, ignoring case', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(input(), 'tA');
    expect(optionNames()).toEqual(['Taiwan', 'Tajikistan', 'Tanzania']);
    // "ta" inside a name (Mauritania, Qatar, Bhutan) does not match
    expect(optionNames()).not.toContain('Mauritania');
    await user.clear(input());
    await user.type(input(), 'UNITED S');
    expect(optionNames()).toEqual(['United States']);
  });

  it('scrolls only when more than 5 countries are listed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(input(), 'ta');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(listbox().className).not.toMatch(/scrollable/);
    expect(listbox().dataset.scroll).toBeUndefined();
    await user.clear(input());
    await user.type(input(), 's');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(COUNTRY_LIST_VISIBLE);
    expect(listbox().className).toMatch(/scrollable/);
    expect(listbox().dataset.scroll).toBe('true');
  });

  it('is a keyboard combobox: arrows move, Enter picks (without submitting), Escape closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await user.type(input(), 'ta');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toMatch(/option-TW$/);
    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toMatch(/option-TJ$/);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toMatch(/option-TW$/);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('TW');
    expect(input().value).toBe('Taiwan');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('value').textContent).toBe('TW');

    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    // opens on the selected country
    expect(input().getAttribute('aria-activedescendant')).toMatch(/option-TW$/);
    expect(screen.getByRole('option', { name: /Taiwan/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{Escape}');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with the mouse; on leaving keeps a full name, restores otherwise, clears when emptied', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Harness initial="JP" />
        <button type="button">elsewhere</button>
      </>,
    );
    expect(input().value).toBe('Japan');
    await user.clear(input());
    await user.type(input(), 'fra');
    await user.click(screen.getByTestId('country-option-FR'));
    expect(screen.getByTestId('value').textContent).toBe('FR');

    await user.clear(input());
    await user.type(input(), 'germany');
    await user.click(screen.getByText('elsewhere'));
    expect(screen.getByTestId('value').textContent).toBe('DE');
    expect(input().value).toBe('Germany');

    await user.clear(input());
    await user.type(input(), 'Ger');
    await user.click(screen.getByText('elsewhere'));
    expect(screen.getByTestId('value').textContent).toBe('DE');
    expect(input().value).toBe('Germany');

    await user.clear(input());
    await user.click(screen.getByText('elsewhere'));
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(input(), 'xyz');
    const status = screen.getByText('No country name starts with “xyz”.');
    expect(status.getAttribute('role')).toBe('status');
    expect(input().getAttribute('aria-describedby')).toContain(status.id);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows names in the active language when Intl knows them, English otherwise', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { lng: 'zh-TW' });
    await user.type(input(), '台');
    expect(optionNames()).toContain('台灣');
    // the English name still filters
    await user.clear(input());
    await user.type(input(), 'japan');
    expect(optionNames()).toEqual(['日本']);

    expect(countryName('TW', 'zh-CN')).toBe('台湾');
    expect(countryName('TW', 'en-US')).toBe('Taiwan');
    // a browser without Intl.DisplayNames
    const intl = Intl as { DisplayNames?: typeof Intl.DisplayNames };
    const original = intl.DisplayNames;
    delete intl.DisplayNames;
    try {
      expect(localizedCountries('zh-TW').find((c) => c.code === 'TW')?.name).toBe('Taiwan');
    } finally {
      intl.DisplayNames = original;
    }
  });

  it('filterCountries with an empty query lists everything', () => {
    const all = localizedCountries('en-US');
    expect(filterCountries(all, '  ')).toHaveLength(all.length);
  });
});
