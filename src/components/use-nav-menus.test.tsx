import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from './testing/test-i18n';
import { useNavMenus } from './use-nav-menus';

describe('useNavMenus', () => {
  it('builds About Us, the service, BinFi and programs submenus; only given targets are linked', () => {
    const i18n = createTestI18n('zh-TW');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const { result } = renderHook(
      () =>
        useNavMenus({
          stableIncome: '/earn?tab=stable',
          mixedQuant: '/earn?tab=mixed',
          lendingBot: '/lending-bot/1',
          referralProgram: '/referral-program',
          partnerProgram: '/coolbitx/referral/entry',
          campaigns: '/event',
        }),
      { wrapper },
    );
    const [about, services, binfi, programs] = result.current;
    expect(about).toMatchObject({ id: 'about-us', label: '關於我們', href: undefined });
    expect(services?.items?.map((item) => [item.label, item.href])).toEqual([
      ['穩定收益', '/earn?tab=stable'],
      ['混合量化', '/earn?tab=mixed'],
      ['智能跟單', undefined],
      ['放貸機器人', '/lending-bot/1'],
    ]);
    expect(binfi?.items?.map((item) => item.id)).toEqual(['binfi', 'binfi-galaxy']);
    expect(programs?.items?.map((item) => [item.label, item.href])).toEqual([
      ['忠誠計畫', undefined],
      ['推薦計畫', '/referral-program'],
      ['合作夥伴計畫（Coolbitx）', '/coolbitx/referral/entry'],
      ['活動', '/event'],
    ]);
  });
});
