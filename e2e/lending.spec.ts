// The lending bot's screens on a 375 px phone, on the real stack: a verified member opens the
// lending bot from the folded nav bar's Services menu, reads the product and the first step of
// the subscribe wizard, then the terms; nothing is wider than the screen.
import { expect, test } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { loginInBrowser, markVerified } from './fixtures/member';

test('on a 375 px phone: dashboard, product with the wizard, terms, nothing wider than the screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = newIdentity('LendingPhone');
  await registerViaApi(member);
  await markVerified(member);
  // logged in at the desktop width (the phone folds the account menu into the burger)
  await loginInBrowser(page, member);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const panel = page.getByTestId('nav-panel');
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: 'Lending Bot' }).click();
  await expect(page).toHaveURL(/\/lending-bot$/);
  await expect(page.getByTestId('lending-product-card').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('lending-mine-empty')).toBeVisible();
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.getByTestId('lending-product-open').first().click();
  await expect(page.getByTestId('lending-detail')).toHaveAttribute('data-state', 'none', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('lending-product-fee')).toHaveText('5.00 USDT per 30 days');
  await expect(page.getByTestId('lending-wizard')).toHaveAttribute('data-step', '1');
  await expect(page.getByTestId('lending-wizard-no-keys')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto('/lending-term-service');
  await expect(page.getByTestId('lending-terms-fee')).toContainText(
    'The first 14 days are a free trial.',
  );
  expect(await overflow()).toBeLessThanOrEqual(0);
});
