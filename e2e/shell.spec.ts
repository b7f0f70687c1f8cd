import { expect, test } from './fixtures/test';
import { expectAxeClean } from './fixtures/page-checks';

const HERO_TITLE = {
  'en-US': 'Put your crypto-assets to work, from one wallet',
  'zh-TW': '一個錢包，讓您的加密資產持續增值',
  'zh-CN': '一个钱包，让您的加密资产持续增值',
} as const;

test.describe('shell', () => {
  for (const [lang, title] of Object.entries(HERO_TITLE)) {
    test(`landing renders in ${lang} (stored language)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
      await page.goto('/');
      await expect(page.getByTestId('landing-hero')).toContainText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('footer')).toBeVisible();
    });
  }

  test('the browser language picks the locale; ko-KR falls back to en-US', async ({ browser }) => {
    for (const [locale, expected] of [
      ['zh-HK', 'zh-TW'],
      ['zh-CN', 'zh-CN'],
      ['ko-KR', 'en-US'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByTestId('landing-hero')).toContainText(HERO_TITLE[expected]);
      await context.close();
    }
  });

  test('a visitor switches the language from the nav bar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toContainText(HERO_TITLE['en-US']);
    await page.getByTestId('language-select').first().selectOption('zh-TW');
    await expect(page.getByTestId('landing-hero')).toContainText(HERO_TITLE['zh-TW']);
    await page.reload();
    await expect(page.getByTestId('landing-hero')).toContainText(HERO_TITLE['zh-TW']);
    // the anti-fraud notice is for Traditional Chinese only
    await expect(page.getByTestId('site-notice')).toBeVisible();
  });

  test('an unknown path lands on Landing', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-page')).toBeVisible();
  });

  test('a guarded path without a token lands on Login with back', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?back=Account$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
    await page.goto('/wallet/management/USDT');
    await expect(page).toHaveURL(/\/login\?back=WalletManagement/);
  });

  test('landing has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await expectAxeClean(page, 'landing');
  });

  test('the mobile layout folds the nav into a burger menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const burger = page.getByTestId('nav-burger');
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('nav-panel')).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 844 });
    await expect(burger).toBeHidden();
    // the wide layout closes the menu once the browser has laid it out and fired its resize
    // event (under load Chromium may take the next width before rendering a frame at this one,
    // which no person resizing a window would see)
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('nav-burger')).toHaveAttribute('aria-expanded', 'false');
  });
});
