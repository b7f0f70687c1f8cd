import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { SiteNotice } from './site-notice';
import { renderWithProviders } from './testing/render';

describe('SiteNotice', () => {
  it('shows the anti-fraud notice in Traditional Chinese for zh-TW', () => {
    renderWithProviders(<SiteNotice locale="zh-TW" />, { lng: 'zh-TW' });
    const notice = screen.getByTestId('site-notice');
    expect(notice.textContent).toContain('防詐騙提醒');
    expect(notice.textContent).toContain('冒用');
    expect(screen.getByRole('region', { name: '防詐騙提醒' })).toBe(notice);
  });

  it('is not shown for en-US or zh-CN', () => {
    const { unmount } = renderWithProviders(<SiteNotice locale="en-US" />);
    expect(screen.queryByTestId('site-notice')).toBeNull();
    unmount();
    renderWithProviders(<SiteNotice locale="zh-CN" />, { lng: 'zh-CN' });
    expect(screen.queryByTestId('site-notice')).toBeNull();
  });

  it('stays dismissed after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SiteNotice locale="zh-TW" />, { lng: 'zh-TW' });
    await user.click(screen.getByRole('button', { name: '我知道了' }));
    expect(screen.queryByTestId('site-notice')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.closeSiteNotice)).toBe('true');

    unmount();
    renderWithProviders(<SiteNotice locale="zh-TW" />, { lng: 'zh-TW' });
    expect(screen.queryByTestId('site-notice')).toBeNull();
  });
});
