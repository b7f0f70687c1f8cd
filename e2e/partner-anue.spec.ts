// AnueLanding (/anue): the partner-campaign landing page for visitors who arrive from Anue's
// site by its link (so the spec opens it by URL). On a 375 px phone, in the three languages
// chosen in the nav bar: axe clean and nothing wider than the screen; its links lead on into the
// app: the Stable Income products, the campaigns, sign-up.
import type { Page } from '@playwright/test';
import { expectAxeClean, overflow } from './fixtures/page-checks';
import { expect, test } from './fixtures/test';

async function openNav(page: Page) {
  const panel = page.getByTestId('nav-panel');
  // the panel closes on every route change: press Menu until it is open, as a visitor would
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test.use({ viewport: { width: 375, height: 740 } });

test("a visitor from Anue's site reads the page in three languages on a phone and follows it into the app", async ({
  page,
}) => {
  await page.goto('/anue');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Welcome, Anue readers');
  expect(await overflow(page), 'nothing wider than the phone (en-US)').toBe(0);
  await expectAxeClean(page, 'the Anue landing (en-US)');

  for (const [language, heading] of [
    ['zh-TW', '歡迎鉅亨網讀者'],
    ['zh-CN', '欢迎钜亨网读者'],
  ] as const) {
    await openNav(page);
    await page.getByTestId('language-select').first().selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(title).toHaveText(heading);
    expect(await overflow(page), `nothing wider than the phone (${language})`).toBe(0);
    await expectAxeClean(page, `the Anue landing (${language})`);
  }
  await openNav(page);
  await page.getByTestId('language-select').first().selectOption('en-US');
  await expect(title).toHaveText('Welcome, Anue readers');

  // on into the app: the Stable Income products
  await page.getByTestId('anue-product-stable').click();
  await expect(page).toHaveURL(/\/earn\?tab=stable$/);
  await expect(page.getByTestId('earn-dashboard')).toBeVisible();

  // back, then the campaigns, then back and sign-up
  await page.goBack();
  await page.getByTestId('anue-campaigns').click();
  await expect(page).toHaveURL(/\/event$/);
  await expect(page.getByTestId('campaign-page')).toBeVisible();
  await page.goBack();
  await page.getByTestId('anue-sign-up').click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('register-form')).toBeVisible();
});
