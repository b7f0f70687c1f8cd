import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

describe('language switcher', () => {
  beforeAll(async () => {
    await initI18n('zh-TW');
  });
  afterAll(async () => {
    await initI18n('en-US');
  });

  it('shows the current language and the three languages by their own names', () => {
    render(<LanguageSwitcher onChangeLanguage={vi.fn()} />);
    const select = screen.getByTestId('language-select') as HTMLSelectElement;
    expect(select.value).toBe('zh-TW');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'English',
      '繁體中文',
      '简体中文',
    ]);
  });

  it('runs the change once and stays disabled while the page reloads', async () => {
    const change = vi.fn(async () => 'reloading' as const);
    render(<LanguageSwitcher onChangeLanguage={change} />);
    const select = screen.getByTestId('language-select') as HTMLSelectElement;
    await userEvent.selectOptions(select, 'zh-CN');
    expect(change).toHaveBeenCalledWith('zh-CN');
    expect(select.disabled).toBe(true);
  });

  it('ignores choosing the current language', async () => {
    const change = vi.fn(async () => 'reloading' as const);
    render(<LanguageSwitcher onChangeLanguage={change} />);
    await userEvent.selectOptions(screen.getByTestId('language-select'), 'zh-TW');
    expect(change).not.toHaveBeenCalled();
  });
});
