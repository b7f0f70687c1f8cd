// The advertisement popup on the real stack (project time-travel: an ad shows over the landing
// page of every visitor, so this spec runs alone on its stack and takes its ad down at the end).
// The operator adds a web ad through the ops CLI; a visitor on a phone and on a desktop width
// sees the popup with page scrolling locked, the 3-month Stable Income and 6-month Mixed Quant
// products (a dot click switches), hides it for today (it stays away after a reload, until the
// next local midnight), and in a fresh browser opens a product with Learn more.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures/test';
import { ops, stack } from './fixtures/stack';

let adId = '';

test.beforeAll(async () => {
  // the API answers /health before it writes api.json (the CLI's way to it): when this spec runs
  // first after the stack starts, wait for the file
  await expect
    .poll(() => existsSync(join(stack.dataDir, 'api.json')), { timeout: 60_000 })
    .toBe(true);
  const created = await ops('content', 'ad', 'create', '--url', '/fixed', '--sort', '1');
  adId = /#(\d+)/.exec(created)![1]!;
});

test.afterAll(async () => {
  if (adId) await ops('content', 'ad', 'remove', adId);
});

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

for (const viewport of [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a visitor on a ${viewport.name} dismisses the ad for today`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const popup = page.getByTestId('ad-popup');
    await expect(popup).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Featured products' })).toBeVisible();
    expect(await scrollLocked(page)).toBe(true);

    const slide = popup.getByTestId('ad-slide');
    await expect(slide).toHaveAttribute('data-kind', 'fixed');
    await expect(slide).toContainText('3-month term');
    await popup.getByTestId('ad-dot-1').click();
    await expect(slide).toHaveAttribute('data-kind', 'mixed');
    await expect(popup.getByTestId('ad-learn-more')).toHaveAttribute('href', /^\/mixed\//);

    await popup.getByTestId('ad-hide-today').click();
    await expect(popup).toHaveCount(0);
    expect(await scrollLocked(page)).toBe(false);
    const stored = await page.evaluate(() => localStorage.getItem('ad-next-time'));
    const midnight = await page.evaluate(() => {
      const date = new Date();
      date.setHours(24, 0, 0, 0);
      return date.getTime();
    });
    expect(Number(stored)).toBe(midnight);
    await page.reload();
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('ad-popup')).toHaveCount(0);

    // a browser without the stored time gets the popup; Learn more opens the product
    const other = await browser.newContext({ viewport });
    const fresh = await other.newPage();
    await fresh.goto(`${stack.baseUrl}/`);
    const learnMore = fresh.getByTestId('ad-learn-more');
    const href = await learnMore.getAttribute('href');
    await learnMore.click();
    await expect(fresh).toHaveURL(new RegExp(`${href}$`));
    await expect(fresh.getByTestId('ad-popup')).toHaveCount(0);
    await other.close();
  });
}
