// A visitor reads the whole landing page in the three languages on a phone (375 px) and a
// desktop width, axe-clean with every lazy block loaded (product cards, collaborations, media
// coverage), nothing wider than the screen; searches from the nav bar (in the bar on a desktop,
// in the folded menu on a phone); a verified member finds their Dashboard on the same page.
// (Dismissing the ad for today: advertisement.exclusive.spec.ts, which owns the only ad.)
import { expect, test } from './fixtures/test';
import { expectAxeClean, overflow } from './fixtures/page-checks';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { loginInBrowser, markVerified } from './fixtures/member';

const HERO_TITLE = {
  'en-US': 'Put your crypto-assets to work, from one wallet',
  'zh-TW': '一個錢包，讓您的加密資產持續增值',
  'zh-CN': '一个钱包，让您的加密资产持续增值',
} as const;

const WIDTHS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const viewport of WIDTHS) {
  for (const [lang, title] of Object.entries(HERO_TITLE)) {
    test(`a visitor reads the landing page in ${lang} on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('landing-hero')).toContainText(title);

      // every block, the lazy ones loaded as the visitor scrolls to them
      await page.getByTestId('landing-block-fixed-pro').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('landing-cards-fixed')).toHaveAttribute('data-state', 'list');
      // the content blocks load near the viewport: their posts, or the empty line (the stack's
      // content depends on which specs ran before)
      for (const block of ['collaborations', 'media']) {
        await page.getByTestId(`landing-${block}`).scrollIntoViewIfNeeded();
        await expect(
          page.locator(
            `[data-testid=landing-${block}-items], [data-testid=landing-${block}-items-empty]`,
          ),
        ).toBeVisible();
      }
      await expect(page.getByTestId('member-dashboard')).toHaveCount(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectAxeClean(page, `landing ${lang} ${viewport.name}`);
    });
  }

  test(`a visitor searches from the nav bar on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    if (viewport.name === 'phone') await page.getByTestId('nav-burger').click();
    const search = page.getByRole('search', { name: 'Search products and strategies' });
    // on a phone the field is in the menu; in the bar the button opens it
    if (viewport.name === 'phone') await search.getByRole('searchbox').click();
    else await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('USDT');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search-result\?q=USDT$/);
    await expect(page.getByTestId('search-input')).toHaveValue('USDT');
    await expect(
      page.getByTestId('search-results').locator('[data-testid^=search-item-earn-]').first(),
    ).toBeVisible();
    // SearchResult has its own field: the bar leaves its box out there
    await expect(page.getByTestId('nav-search')).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
}

test('a verified member finds their Dashboard on the landing page (phone)', async ({ page }) => {
  const member = newIdentity('Dashboard');
  await registerViaApi(member);
  await markVerified(member);
  await loginInBrowser(page, member); // the member menu is in the bar at the default width
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const dashboard = page.getByTestId('member-dashboard');
  await expect(dashboard.getByTestId('dashboard-level-kyc-value')).toHaveText('Verified');
  await expect(dashboard.getByTestId('dashboard-level-loyalty-value')).toHaveText('Level 1');
  await expect(dashboard.getByTestId('dashboard-level-premier-value')).toHaveText('Not applied');
  for (const family of ['earn', 'autotrade', 'lending', 'binfi']) {
    await expect(dashboard.getByTestId(`dashboard-products-${family}-value`)).toHaveText(
      '0 active',
    );
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'member dashboard');
  await dashboard.getByTestId('dashboard-products-earn').getByRole('link').click();
  await expect(page).toHaveURL(/\/portfolio\?tab=earn$/);
});
