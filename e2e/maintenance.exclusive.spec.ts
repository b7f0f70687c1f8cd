import { expect, test } from './fixtures/test';
import { expectAxeClean } from './fixtures/page-checks';
import { ops } from './fixtures/stack';

test.afterEach(async () => {
  await ops('maintenance', 'off');
});

test('maintenance from the operator CLI replaces the app, and off restores it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();

  await ops('maintenance', 'on', '--start', '2026-01-12T09:00:00Z');
  // the open landing page may itself be switching to the maintenance page (its status poll):
  // that aborts this navigation, so it is tried again
  await expect(async () => {
    await page.goto('/account');
  }).toPass({ timeout: 15_000 });
  const maintenance = page.getByTestId('maintenance-page');
  await expect(maintenance).toBeVisible();
  await expect(maintenance).toContainText("We'll be back soon!");
  // the start time is shown in UTC+8
  await expect(page.getByTestId('maintenance-start')).toContainText('2026/01/12 17:00');
  await expect(page.getByTestId('nav-bar')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);

  await expectAxeClean(page, 'maintenance page');

  await ops('maintenance', 'off');
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
});

test('an admin code overrides the maintenance page', async ({ page }) => {
  await ops('maintenance', 'on');
  await page.goto('/?adminPWD=setAdminMode');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
});
