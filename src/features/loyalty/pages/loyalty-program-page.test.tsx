import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as i18n from '../../../i18n/i18n';
import * as loyalty from '../../../services/loyalty';
import * as lazyStakingPanel from '../components/lazy-staking-panel';
import type { StakingPanelProps } from '../components/staking-panel';
import { localeFromLangParam } from '../hooks/use-route-language';
import { renderLoyalty } from '../test-utils';
import LoyaltyProgramPage from './loyalty-program-page';

mockExports(loyalty, {
  getLoyaltySetting: vi.fn(),
  getLoyaltyStatus: vi.fn(),
});

mockExports(i18n, { applyLanguageInPlace: vi.fn(async () => undefined) });

// The wallet chunk is not loaded here: a stand-in reports the contract's thresholds on demand.
mockExports(lazyStakingPanel, {
  LazyStakingPanel: ({ onThresholds }: StakingPanelProps) => (
    <button
      type="button"
      data-testid="staking-panel-stub"
      onClick={() =>
        onThresholds?.({
          level2: 20_000n * 10n ** 18n,
          level3: 80_000n * 10n ** 18n,
          level4: 300_000n * 10n ** 18n,
        })
      }
    >
      panel
    </button>
  ),
});

const applyLanguage = vi.mocked(i18n.applyLanguageInPlace);

function renderPage(route = '/loyalty-program', lng?: string) {
  return renderLoyalty(
    <Routes>
      <Route path="/loyalty-program" element={<LoyaltyProgramPage />} />
      <Route path="/loyalty-program/:mobile/:lang?" element={<LoyaltyProgramPage />} />
    </Routes>,
    { route, lng },
  );
}

beforeEach(() => {
  applyLanguage.mockClear();
  vi.mocked(loyalty.getLoyaltySetting).mockResolvedValue({
    fixed: [{ currencyName: 'USDT', lv1Rate: 8, lv2Rate: 9, lv3Rate: 10, lv4Rate: 12 }],
    pro: [],
  });
});

describe('loyalty program page', () => {
  it('explains the levels with the default thresholds, shows the rates and the staking panel', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loyalty program');
    expect(screen.getByTestId('loyalty-level-1').textContent).toContain('identity verification');
    expect(screen.getByTestId('loyalty-level-2').textContent).toContain(
      'Stake at least 10,000 BCNT.',
    );
    expect(screen.getByTestId('loyalty-level-3').textContent).toContain(
      'Stake at least 50,000 BCNT, or verify an Alliance NFT.',
    );
    expect(screen.getByTestId('loyalty-level-4').textContent).toContain('200,000 BCNT');
    const levels = screen.getByTestId('loyalty-levels');
    expect(levels.textContent).toContain('12%');
    expect(levels.textContent).toContain('14 days');
    await screen.findByTestId('loyalty-rate-fixed-USDT');
    expect(screen.getByTestId('staking-panel-stub')).toBeTruthy();
    expect(applyLanguage).not.toHaveBeenCalled();
  });

  it('shows the contract thresholds once the staking panel has read them', async () => {
    renderPage();
    await userEvent.setup().click(screen.getByTestId('staking-panel-stub'));
    expect(screen.getByTestId('loyalty-level-2').textContent).toContain('20,000 BCNT');
    expect(screen.getByTestId('loyalty-level-3').dataset.threshold).toBe(
      String(80_000n * 10n ** 18n),
    );
    expect(screen.getByTestId('loyalty-level-4').textContent).toContain('300,000 BCNT');
  });

  it('in Traditional Chinese', async () => {
    renderPage('/loyalty-program', 'zh-TW');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('忠誠計畫');
    const rates = await screen.findByTestId('loyalty-rate-fixed-USDT');
    expect(within(rates).getAllByRole('cell')[3]?.textContent).toBe('12%');
  });

  it('the web-view route applies its lang param (tw, zh, en or a locale) for the page only', async () => {
    renderPage('/loyalty-program/mobile/tw');
    await waitFor(() => expect(applyLanguage).toHaveBeenCalledWith('zh-TW'));
    expect(screen.getByTestId('loyalty-program-page').hasAttribute('data-web-view')).toBe(true);
  });

  it('the web-view route without lang, or with the current language, changes nothing', async () => {
    renderPage('/loyalty-program/mobile');
    renderPage('/loyalty-program/mobile/en');
    renderPage('/loyalty-program/mobile/fr');
    await screen.findAllByTestId('loyalty-rate-fixed-USDT');
    expect(applyLanguage).not.toHaveBeenCalled();
  });

  it('maps the lang param', () => {
    expect(localeFromLangParam('zh')).toBe('zh-CN');
    expect(localeFromLangParam('tw')).toBe('zh-TW');
    expect(localeFromLangParam('en')).toBe('en-US');
    expect(localeFromLangParam('zh-TW')).toBe('zh-TW');
    expect(localeFromLangParam('zh-cn')).toBe('zh-CN');
    expect(localeFromLangParam('zh-Hant')).toBe('zh-TW');
    expect(localeFromLangParam('en-US')).toBe('en-US');
    expect(localeFromLangParam('fr')).toBeUndefined();
    expect(localeFromLangParam(undefined)).toBeUndefined();
  });
});
