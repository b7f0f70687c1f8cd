import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSelect } from './language-select';
import { renderWithProviders } from './testing/render';

const options = [
  { code: 'en-US', label: 'English' },
  { code: 'zh-TW', label: '繁體中文' },
  { code: 'zh-CN', label: '简体中文' },
];

describe('LanguageSelect', () => {
  it('is a labelled select that reports the chosen code', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<LanguageSelect value="en-US" options={options} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en-US');
    await user.selectOptions(select, '繁體中文');
    expect(onChange).toHaveBeenCalledWith('zh-TW');
  });
});
