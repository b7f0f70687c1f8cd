// The lending bot as the clock runs, on the time-travel project's own stack: a verified member
// with USDT in the custodial wallet and a paper exchange account whose funding wallet holds
// USDT goes from the landing page's Services menu to the lending bot, runs the two-step wizard
// from importing a key (in the new tab the wizard opens) to a subscription in its free trial,
// sees deals appear as the server clock moves (the bot lends, simulated borrowers take the
// offers), and after the 14-day trial finds the first charge (5 USDT) in the wallet history.
import { expect, type Page, test } from './fixtures/test';
import { newIdentity, registerViaApi, serverClockOffset } from './fixtures/auth';
import { advanceTime, DAY_SECONDS } from './fixtures/chain';
import { depositUsdt, loginInBrowser, markVerified } from './fixtures/member';
import { ops } from './fixtures/stack';

interface CreatedKey {
  apiKey: string;
  secret: string;
}

/** Seconds from the server's now to a moment (ms). */
async function secondsUntil(time: number): Promise<number> {
  return Math.ceil((time - (Date.now() + (await serverClockOffset()))) / 1000);
}

/** After days on the clock the session has ended: the app says so, log in again. */
async function loginAgain(page: Page, member: ReturnType<typeof newIdentity>) {
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('loginInfo')), { timeout: 20_000 })
    .toBeNull();
  await loginInBrowser(page, member);
}

test('from the Services menu through the wizard to a trial, deals as the clock runs, the first charge after 14 days', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const member = newIdentity('Lending');
  await registerViaApi(member);
  await markVerified(member);
  const account = `e2e-lend-${Date.now().toString(36)}`;
  const key = JSON.parse(await ops('exchange', 'create-key', account, '--json')) as CreatedKey;
  // 2,000 USDT in the account's funding wallet: what the bot lends from
  await ops('lending', 'fund', account, '--amount', '2000');
  await loginInBrowser(page, member);
  await depositUsdt(page, '20', '20.00');

  // landing page -> Services -> Lending Bot -> the product
  await page.goto('/');
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: /Lending Bot/ }).click();
  await expect(page).toHaveURL(/\/lending-bot$/);
  await page.getByTestId('lending-product-open').first().click();
  await expect(page.getByTestId('lending-wizard')).toHaveAttribute('data-step', '1', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('lending-wizard-no-keys')).toBeVisible();

  // step 1: import the key in the tab the wizard opens, back to the wizard: the key is there
  const [keysTab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('lending-wizard-import-key').click(),
  ]);
  await keysTab.getByTestId('api-key-import-open').click();
  await keysTab.getByTestId('api-key-name').fill('Funding desk');
  await keysTab.getByTestId('api-key-key').fill(key.apiKey);
  await keysTab.getByTestId('api-key-secret').fill(key.secret);
  await keysTab.getByTestId('api-key-reauth-password').fill(member.password);
  await keysTab.getByTestId('api-key-import-submit').click();
  await expect(
    keysTab.locator('[data-testid="api-key-row"][data-name="Funding desk"]'),
  ).toHaveAttribute('data-status', 'correct', { timeout: 20_000 });
  await keysTab.close();
  await page.bringToFront();
  const choice = page.getByTestId('lending-wizard-key-choice');
  await expect(async () => {
    // the tab is shown again: the keys are read again (react-query listens on window)
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(choice).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await choice.getByRole('radio').check();
  await page.getByTestId('lending-wizard-next').click();

  // step 2: idle amount, fee in USDT, consent -> the free trial
  await page.getByTestId('lending-wizard-idle').fill('1500');
  await page.getByTestId('lending-wizard-fee-USDT').getByRole('radio').check();
  await expect(page.getByTestId('lending-wizard-billing')).toContainText(
    'The first 14 days are free',
  );
  await page.getByTestId('lending-wizard-consent').check();
  const subscribedAt = Date.now() + (await serverClockOffset());
  await page.getByTestId('lending-wizard-confirm').click();
  await expect(page.getByTestId('lending-subscribed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('lending-detail')).toHaveAttribute('data-state', 'trial');
  await expect(page.getByTestId('lending-fact-idleAmount')).toHaveText('1,500.00 USDT');
  await expect(page.getByTestId('lending-fact-autoRenew')).toHaveText('On');
  const detail = page.url();

  // the clock runs: the bot offers the idle amount, borrowers take offers, deals show
  await expect(async () => {
    await advanceTime(30 * 60);
    await ops('lending', 'run');
    await page.goto(detail);
    await expect(page.getByTestId('lending-deal').first()).toBeVisible({ timeout: 6_000 });
  }).toPass({ timeout: 150_000, intervals: [0] });
  await expect(page.getByTestId('lending-deal-return').first()).toContainText('%');

  // past the 14-day trial: the first period is charged from the wallet
  await advanceTime(await secondsUntil(subscribedAt + 14 * DAY_SECONDS * 1000 + 3_600_000));
  await ops('lending', 'run');
  await loginAgain(page, member);
  await page.goto(detail);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('lending-detail')).toHaveAttribute('data-state', 'active', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000, intervals: [0] });
  await expect(page.locator('[data-testid="lending-charge"][data-kind="paid"]')).toHaveCount(1);
  await expect(
    page
      .locator('[data-testid="lending-charge"][data-kind="paid"]')
      .getByTestId('lending-charge-amount'),
  ).toHaveText('5.00 USDT');

  await page.goto('/wallet');
  await page.getByTestId('wallet-tab-transactions').click();
  const charge = page.locator('[data-testid="wallet-history-row"][data-kind="lending_fee"]');
  await expect(charge).toHaveCount(1, { timeout: 20_000 });
  await expect(charge).toContainText('-5.00');
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText('15.00');

  // and in My Subscriptions' lending tab
  await page.getByTestId('nav-portfolio').click();
  await page.getByTestId('portfolio-tab-lending').click();
  await expect(page.locator('[data-testid="lending-mine-row"][data-state="active"]')).toHaveCount(
    1,
  );
});
