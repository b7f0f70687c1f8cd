// Smart Autotrade on the real stack (API with its paper exchange reached through ccxt, the
// seeded strategies trading it): a verified member imports a trade-only key of a funded paper
// exchange account, finds a strategy from the landing page's nav bar, subscribes with a
// custodial USDT margin, and sees the subscription in My Strategies; and the screens on a
// 375 px phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { depositUsdt, loginInBrowser, markVerified } from './fixtures/member';
import { ops } from './fixtures/stack';

interface CreatedKey {
  apiKey: string;
  secret: string;
}

/** A key of a fresh paper exchange account holding 10,000 USDT (the exchange's UST). */
async function fundedKey(label: string): Promise<CreatedKey> {
  const account = `e2e-at-${label}-${Date.now().toString(36)}`;
  return JSON.parse(
    await ops('exchange', 'create-key', account, '--json', '--fund', 'UST=10000'),
  ) as CreatedKey;
}

async function importKey(page: Page, password: string, name: string, key: CreatedKey) {
  await page.goto('/api-keys');
  await page.getByTestId('api-key-import-open').click();
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-key').fill(key.apiKey);
  await page.getByTestId('api-key-secret').fill(key.secret);
  await page.getByTestId('api-key-reauth-password').fill(password);
  await page.getByTestId('api-key-import-submit').click();
  await expect(page.locator(`[data-testid="api-key-row"][data-name="${name}"]`)).toHaveAttribute(
    'data-status',
    'correct',
    { timeout: 20_000 },
  );
}

test('a member finds a strategy from the landing page, subscribes with a custodial margin and sees it in My Strategies', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = newIdentity('Autotrade');
  await registerViaApi(member);
  await markVerified(member);
  const key = await fundedKey('desk');

  await loginInBrowser(page, member);
  await importKey(page, member.password, 'Paper desk', key);
  await depositUsdt(page, '200', '200.00');

  // from the landing page: Services > Smart Autotrade
  await page.goto('/');
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: 'Smart Autotrade' }).click();
  await expect(page).toHaveURL(/\/trading-bot$/);
  await expect(page.getByTestId('autotrade-card').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('autotrade-row').first()).toBeVisible({ timeout: 20_000 });

  // filter to the low-risk strategies and open the first
  await page.getByTestId('autotrade-filter-risk').selectOption('low');
  await expect(page).toHaveURL(/risk=low/);
  const rows = page.getByTestId('autotrade-row');
  await expect(rows.first()).toHaveAttribute('data-risk', 'low');
  for (const risk of await rows.evaluateAll((all) =>
    all.map((row) => row.getAttribute('data-risk')),
  ))
    expect(risk).toBe('low');
  await rows.first().getByTestId('autotrade-row-link').click();
  await expect(page).toHaveURL(/\/trading-bot\/\d+$/);
  await expect(page.getByTestId('autotrade-detail')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('autotrade-chart-equity')).toBeVisible();
  await expect(page.getByTestId('autotrade-fact-risk')).toContainText('Low risk');

  // subscribe: the key, 500 USDT of the exchange balance, a USDT margin from the wallet
  await page.getByTestId('autotrade-subscribe-open').click();
  await expect(page).toHaveURL(/\/trading-bot\/\d+\/subscribe$/);
  await expect(page.getByTestId('autotrade-flow-balance')).toContainText('10,000.00 USDT', {
    timeout: 20_000,
  });
  await page.getByTestId('autotrade-flow-allocation-input').fill('500');
  await page.getByTestId('autotrade-flow-currency-USDT').click();
  await expect(page.getByTestId('autotrade-flow-min-stake')).toContainText('USDT');
  await page.getByTestId('autotrade-flow-margin-min').click();
  await expect(page.getByTestId('autotrade-summary-allocation')).toHaveText('500.00 USDT');
  await page.getByTestId('autotrade-flow-consent').check();
  // no risk questionnaire yet: the risk is acknowledged
  await page.getByTestId('autotrade-risk-ack-checkbox').check();
  await page.getByTestId('autotrade-flow-confirm').click();
  const success = page.getByTestId('autotrade-flow-success');
  await expect(success).toBeVisible({ timeout: 30_000 });
  await expect(success).toHaveAttribute('data-state', 'active');

  // the subscription: the member's own account under the strategy
  await page.getByTestId('autotrade-flow-success-link').click();
  await expect(page).toHaveURL(/\/portfolio\/autotrade\/\d+$/);
  await expect(page.getByTestId('autotrade-my')).toHaveAttribute('data-state', 'active', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('autotrade-my-allocation')).toContainText('500.00 USDT');
  await expect(page.getByTestId('autotrade-my-margin-amount')).toContainText('USDT');

  // and in My Subscriptions' Smart Autotrade tab
  await page.getByTestId('nav-portfolio').click();
  await page.getByTestId('portfolio-tab-autotrade').click();
  await expect(page).toHaveURL(/tab=autotrade/);
  await expect(page.getByTestId('autotrade-mine-row')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('autotrade-mine-state')).toHaveText('running');
});

test('on a 375 px phone: the dashboard as cards and the strategy page, nothing wider than the screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const panel = page.getByTestId('nav-panel');
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: 'Smart Autotrade' }).click();
  await expect(page).toHaveURL(/\/trading-bot$/);
  // the list is label-value cards on a phone
  await expect(page.getByTestId('autotrade-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-testid="autotrade-list-table"] table')).toHaveCount(0);
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.getByTestId('autotrade-card-link').first().click();
  await expect(page.getByTestId('autotrade-detail')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('autotrade-subscribe-login')).toBeVisible();
  await expect(page.getByTestId('autotrade-chart-profit')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
