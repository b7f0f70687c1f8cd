// A whole Stable Income contract on the real stack: a verified member deposits 1,000 USDT,
// finds the product from the nav bar's Services menu, subscribes 10 units with auto-renew,
// sees it Running in My Subscriptions (the nav bar's Portfolio button), the clock moves a
// month and the daily rewards at their level's rate appear in the subscription's history, on
// the product page and in the wallet history; before expiry the member turns auto-renew off
// (a plain Stable Income product's way to get its assets back), and at expiry plus 3 working
// days the principal is back in the wallet and the subscription in the subscription history.
// Then Smart DCA (rewards converted into BTC each day, listed in XSavingHistory) and a Stable
// Income Pro subscription whose every unit is asked back by Asset Return.
// Moves the server clock and the chain, so it runs in the time-travel project, on that project's own stack.
import { expect, type Page, test } from './fixtures/test';
import { newIdentity, registerViaApi, serverClockOffset } from './fixtures/auth';
import { advanceTime, DAY_SECONDS } from './fixtures/chain';
import { depositUsdt, loginInBrowser, markVerified } from './fixtures/member';
import { openStableIncome } from './fixtures/earn';
import { ops } from './fixtures/stack';

/** Seconds from the server's now to a moment. */
async function secondsUntil(time: number): Promise<number> {
  return Math.ceil((time - (Date.now() + (await serverClockOffset()))) / 1000);
}

/** After weeks on the clock the session has ended (idle over 7 days): the app says so, log in. */
async function loginAgain(page: Page, member: ReturnType<typeof newIdentity>) {
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('loginInfo')), { timeout: 20_000 })
    .toBeNull();
  await loginInBrowser(page, member);
}

/** My Subscriptions from the nav bar's Portfolio button, then the subscription's detail. */
async function openSubscription(page: Page, sn: string) {
  await page.goto('/');
  await page.getByTestId('nav-portfolio').click();
  await expect(page).toHaveURL(/\/portfolio\?tab=earn$/);
  const row = page.locator(`[data-testid="portfolio-sub"][data-sn="${sn}"]`);
  await row.getByTestId('portfolio-sub-link').click();
  await expect(page.getByTestId('portfolio-detail')).toBeVisible();
  return row;
}

/** The product's start and end (00:00 UTC+8 of its first day and of its expiry), in ms. */
async function contractDates(sn: string) {
  const list = JSON.parse(await ops('product', 'list', '--json')) as {
    products: { serialNumber: string; start: string; end: string }[];
  };
  const product = list.products.find((p) => p.serialNumber === sn)!;
  return {
    product,
    start: Date.parse(`${product.start}T00:00:00+08:00`),
    end: Date.parse(`${product.end}T00:00:00+08:00`),
  };
}

async function openProduct(page: Page, sn: string) {
  await page.goto('/');
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: /Stable Income/ }).click();
  await expect(page.getByTestId('earn-dashboard')).toBeVisible();
  const card = page.locator(`[data-testid="earn-card"][data-sn="${sn}"]`);
  await card.getByTestId('earn-card-link').click();
  await expect(page.getByTestId('earn-detail-sn')).toHaveText(sn);
}

test('subscribe 1,000 USDT, earn daily at the level rate, get the principal back after expiry', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const member = newIdentity('Earn');
  await registerViaApi(member);
  await markVerified(member);

  // a 3-month product raising today, starting tomorrow (00:00 UTC+8)
  const sn = await openStableIncome('E2E Stable Income 3M', 1);

  await loginInBrowser(page, member);
  await depositUsdt(page, '1000', '1,000.00');

  // found from the nav bar, joined with every consent
  await openProduct(page, sn);
  await page.getByTestId('earn-join-open').click();
  await page.getByTestId('earn-join-units').fill('10');
  await expect(page.getByTestId('earn-join-amount')).toContainText('1,000');
  await page.getByTestId('earn-join-auto-renew').check();
  for (const box of await page.locator('[data-testid^="earn-consent-"]').all()) await box.check();
  // no risk questionnaire yet: the risk is acknowledged
  await page.getByTestId('earn-risk-ack-checkbox').check();
  await page.getByTestId('earn-join-confirm').click();
  await expect(page.getByTestId('earn-join-success')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('earn-join-done').click();
  await expect(page.getByTestId('earn-subscription')).toHaveAttribute('data-state', 'raising');

  // the contract starts
  const { product, start, end } = await contractDates(sn);
  await advanceTime(await secondsUntil(start + 60_000));
  await ops('earn', 'run');
  await page.reload();
  await expect(page.getByTestId('earn-subscription')).toHaveAttribute('data-state', 'running', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('earn-sub-rate')).toContainText('6');

  // in My Subscriptions: Running, renewing at expiry
  await page.goto('/');
  await page.getByTestId('nav-portfolio').click();
  const row = page.locator(`[data-testid="portfolio-sub"][data-sn="${sn}"]`);
  await expect(row).toHaveAttribute('data-state', 'running');
  await expect(row.getByTestId('portfolio-sub-amount')).toHaveText('1,000 USDT');
  await expect(row.getByTestId('portfolio-sub-renewal')).toContainText(
    product.end.replaceAll('-', '/'),
  );
  await row.getByTestId('portfolio-sub-link').click();
  await expect(page.getByTestId('portfolio-detail')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('portfolio-fact-rate')).toHaveText('6% (level 1)');
  await expect(page.getByTestId('portfolio-fact-auto-renew')).toHaveText('On');

  // a month later: 30 daily rewards of 1,000 x 6 % / 365 = 0.164383 USDT each
  await advanceTime(30 * DAY_SECONDS);
  await ops('earn', 'run');
  await loginAgain(page, member);
  await openSubscription(page, sn);
  await expect(page.getByTestId('portfolio-fact-reward')).toHaveText('4.93 USDT');
  const rewards = page.locator('[data-testid="portfolio-event"][data-kind="reward"]');
  await expect(rewards).toHaveCount(10); // the first page of the history, newest first
  for (const reward of await rewards.all()) {
    await expect(reward.getByTestId('portfolio-event-amount')).toHaveText('+0.16 USDT');
    await expect(reward.getByTestId('portfolio-event-rate')).toHaveText('6% (level 1)');
  }
  // one reward, opened from the history
  await rewards.first().getByTestId('portfolio-event-link').click();
  await expect(page.getByTestId('portfolio-event-card')).toBeVisible();
  await expect(page.getByTestId('portfolio-movement-kind')).toHaveText('Reward');
  await expect(page.getByTestId('portfolio-movement-amount')).toHaveText('+0.16 USDT');
  await expect(page.getByTestId('portfolio-movement-rate')).toHaveText('6%');
  await expect(page.getByTestId('portfolio-movement-level')).toHaveText('Level 1');
  await page.getByTestId('portfolio-event-back').click();

  // before expiry: auto-renew off, so the assets come back at expiry
  await page.getByTestId('portfolio-renew-open').click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}/auto-renew$`));
  const toggle = page.getByTestId('portfolio-renew-switch');
  await expect(toggle).toBeChecked();
  // the switch shows the press once the server has saved it (not at the click itself)
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('portfolio-renew-saved')).toBeVisible();
  await page.getByTestId('portfolio-renew-close').click();
  await expect(page.getByTestId('portfolio-fact-auto-renew')).toHaveText('Off');
  await expect(page.getByTestId('portfolio-renew-state')).toContainText('Auto-renew is off');

  await openProduct(page, sn);
  await expect(page.getByTestId('earn-sub-reward')).toContainText('4.93');
  await page.goto('/wallet');
  await page.getByTestId('wallet-tab-transactions').click();
  await expect(page.getByTestId('wallet-history-row').first()).toHaveAttribute(
    'data-kind',
    'interest',
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText('4.93');

  // expiry, then 3 working days: the principal is back with every day's reward
  await advanceTime(await secondsUntil(end + 5 * DAY_SECONDS * 1000));
  await ops('earn', 'run');
  await loginAgain(page, member);
  await page.goto('/wallet');
  const days = Math.round((end - start) / (DAY_SECONDS * 1000));
  // in micro-USDT: the principal and each day's reward (rounded down); balances are shown cut
  // to cents, never rounded up (a 91-day term's 14.958853 USDT of rewards shows as 14.95)
  const totalMicro = 1000 * 1e6 + Math.floor(((1000 * 0.06) / 365) * 1e6) * days;
  const shownCents = Math.floor(totalMicro / 1e4);
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText(
    (shownCents / 100).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
    { timeout: 20_000 },
  );
  await openProduct(page, sn);
  await expect(page.getByTestId('earn-subscription')).toHaveAttribute('data-state', 'ended');

  // no longer in My Subscriptions: in the subscription history, with its return
  await page.goto('/');
  await page.getByTestId('nav-portfolio').click();
  await expect(page.locator(`[data-testid="portfolio-sub"][data-sn="${sn}"]`)).toHaveCount(0);
  await page.getByTestId('portfolio-history-link').click();
  const ended = page.locator(`[data-testid="portfolio-history-row"][data-sn="${sn}"]`);
  await expect(ended).toHaveAttribute('data-state', 'ended');
  await ended.getByTestId('portfolio-history-link-sub').click();
  await expect(page.getByTestId('portfolio-record')).toHaveAttribute('data-state', 'ended');
  await expect(page.getByTestId('portfolio-fact-return-amount')).toHaveText('1,000 USDT');
  await expect(
    page.locator('[data-testid="portfolio-event"][data-kind="return"]').first(),
  ).toBeVisible();
});

test('Smart DCA: rewards converted into BTC each day, listed in the Smart DCA history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = newIdentity('Dca');
  await registerViaApi(member);
  await markVerified(member);
  const sn = await openStableIncome('E2E Smart DCA 3M', 1);

  await loginInBrowser(page, member);
  await depositUsdt(page, '1000', '1,000.00');
  await openProduct(page, sn);
  await page.getByTestId('earn-join-open').click();
  await page.getByTestId('earn-join-units').fill('10');
  for (const box of await page.locator('[data-testid^="earn-consent-"]').all()) await box.check();
  // no risk questionnaire yet: the risk is acknowledged
  await page.getByTestId('earn-risk-ack-checkbox').check();
  await page.getByTestId('earn-join-confirm').click();
  await expect(page.getByTestId('earn-join-success')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('earn-join-done').click();

  // while it raises: Smart DCA into BTC, from the subscription's detail
  await openSubscription(page, sn);
  const action = page.getByTestId('portfolio-action-smart-dca');
  await expect(action.getByTestId('portfolio-dca-state')).toHaveText(
    'Off: rewards are paid in USDT.',
  );
  await action.getByTestId('portfolio-dca-open').click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}/smart-dca$`));
  const dialog = page.getByTestId('portfolio-dca-dialog');
  await dialog.getByTestId('portfolio-dca-target').selectOption('BTC');
  await dialog.getByTestId('portfolio-dca-save').click();
  await expect(dialog.getByTestId('portfolio-dca-saved')).toHaveText(
    'Saved. Your rewards will be converted into BTC.',
  );
  await dialog.getByTestId('portfolio-dca-close').click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}$`));
  await expect(page.getByTestId('portfolio-dca-currency')).toHaveText('BTC');
  await expect(page.getByTestId('portfolio-dca-count')).toHaveText('0');

  // the contract starts, then two days pass: each day's reward of 1,000 x 6 % / 365 =
  // 0.164383 USDT becomes 0.00000273 BTC at the local feed's 60,000 USDT (rounded down)
  const { start } = await contractDates(sn);
  await advanceTime(await secondsUntil(start + 60_000));
  await ops('earn', 'run');
  for (let day = 0; day < 2; day += 1) {
    await advanceTime(DAY_SECONDS);
    await ops('earn', 'run');
  }

  await openSubscription(page, sn);
  await expect(page.getByTestId('portfolio-dca-count')).toHaveText('2', { timeout: 20_000 });
  await expect(page.getByTestId('portfolio-dca-current')).toHaveText('0.00000546 BTC');
  await expect(
    page.locator('[data-testid="portfolio-event"][data-kind="dca"]').first(),
  ).toBeVisible();

  // the subscription's conversions, from its Smart DCA card
  await page.getByTestId('portfolio-dca-history').click();
  await expect(page).toHaveURL(/\/x-saving-history\?premiumId=\d+$/);
  await expect(page.getByTestId('portfolio-xsaving-filter')).toContainText('E2E Smart DCA 3M');
  const conversions = page.getByTestId('portfolio-xsaving-row');
  await expect(conversions).toHaveCount(2);
  for (const row of await conversions.all()) {
    await expect(row).toHaveAttribute('data-sn', sn);
    await expect(row.getByTestId('portfolio-xsaving-converted')).toHaveText('0.16 USDT');
    await expect(row.getByTestId('portfolio-xsaving-bought')).toHaveText('0.00000273 BTC');
    await expect(row.getByTestId('portfolio-xsaving-price')).toHaveText('60,213.5531 USDT per BTC');
    await expect(row.getByTestId('portfolio-xsaving-currency')).toHaveText('BTC');
  }
  // the newest first: the second day's conversion on top
  const days = await page.getByTestId('portfolio-xsaving-day').allTextContents();
  expect(days).toEqual([...days].sort().reverse());
  expect(new Set(days).size).toBe(2);

  // every conversion of the member, from My Subscriptions
  await page.goto('/');
  await page.getByTestId('nav-portfolio').click();
  await page.getByTestId('portfolio-xsaving-link').click();
  await expect(page).toHaveURL(/\/x-saving-history$/);
  await expect(conversions).toHaveCount(2);
  await conversions.first().getByTestId('portfolio-xsaving-link-sub').click();
  await expect(page.getByTestId('portfolio-detail-sn')).toHaveText(sn);
});

test('Stable Income Pro: Asset Return of every unit, the principal and compounded rewards back after expiry', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = newIdentity('Pro');
  await registerViaApi(member);
  await markVerified(member);
  const sn = await openStableIncome('E2E Stable Income Pro 1M', 1, {
    kind: 'fixed-pro',
    period: 1,
  });

  await loginInBrowser(page, member);
  await depositUsdt(page, '1000', '1,000.00');
  await page.goto('/earn?tab=stable');
  await page
    .locator(`[data-testid="earn-card"][data-sn="${sn}"]`)
    .getByTestId('earn-card-link')
    .click();
  await page.getByTestId('earn-join-open').click();
  await page.getByTestId('earn-join-units').fill('10');
  for (const box of await page.locator('[data-testid^="earn-consent-"]').all()) await box.check();
  // no risk questionnaire yet: the risk is acknowledged
  await page.getByTestId('earn-risk-ack-checkbox').check();
  await page.getByTestId('earn-join-confirm').click();
  await expect(page.getByTestId('earn-join-success')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('earn-join-done').click();

  const { start, end } = await contractDates(sn);
  await advanceTime(await secondsUntil(start + 60_000));
  await ops('earn', 'run');

  // running: Pro renews by default; the member asks for all 10 units back at expiry
  await openSubscription(page, sn);
  await expect(page.getByTestId('portfolio-detail')).toHaveAttribute('data-state', 'running');
  await page.getByTestId('portfolio-return-open').click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}/asset-return$`));
  const dialog = page.getByTestId('portfolio-return-dialog');
  await dialog.getByTestId('portfolio-return-max').click();
  await expect(dialog.getByTestId('portfolio-return-units')).toHaveValue('10');
  await dialog.getByTestId('portfolio-return-save').click();
  await expect(dialog.getByTestId('portfolio-return-saved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}$`));
  await expect(page.getByTestId('portfolio-return-state')).toContainText('10');

  // expiry, then 3 working days: no renewal, everything back in the wallet
  await advanceTime(await secondsUntil(end + 5 * DAY_SECONDS * 1000));
  await ops('earn', 'run');
  await loginAgain(page, member);
  await page.goto('/');
  await page.getByTestId('nav-portfolio').click();
  await expect(page.locator(`[data-testid="portfolio-sub"][data-sn="${sn}"]`)).toHaveCount(0);
  await page.getByTestId('portfolio-history-link').click();
  const ended = page.locator(`[data-testid="portfolio-history-row"][data-sn="${sn}"]`);
  await expect(ended).toHaveAttribute('data-state', 'ended');
  await ended.getByTestId('portfolio-history-link-sub').click();
  const returned = (await page.getByTestId('portfolio-fact-return-amount').textContent())!;
  // the principal and a month of compounded rewards, exactly: what the wallet now holds
  const [whole, fraction = ''] = returned.replace(' USDT', '').split('.');
  expect(Number(whole!.replaceAll(',', ''))).toBeGreaterThanOrEqual(1000);
  expect(fraction.length).toBeGreaterThan(0);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText(
    `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`,
    { timeout: 20_000 },
  );
});
