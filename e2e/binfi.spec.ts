// BinFi on a 375 px phone: a member opens the BinFi menu from the landing page's burger, reads
// the dashboard, a round's detail with its chart and the calculator, and My funds; nothing is
// wider than the screen and axe finds nothing serious on any of them.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { loginInBrowser } from './fixtures/member';
import { expectAxeClean, overflow } from './fixtures/page-checks';
import { ops } from './fixtures/stack';

/** The round id the operator's create command answers ("round 3 created (tx ...)"). */
function roundOf(output: string): number {
  const id = /round (\d+) created/.exec(output)?.[1];
  if (!id) throw new Error(`no round in: ${output}`);
  return Number(id);
}

async function expectFits(page: Page, where: string) {
  expect(await overflow(page), `${where} wider than the screen`).toBeLessThanOrEqual(0);
  await expectAxeClean(page, where);
}

test('on a 375 px phone: the BinFi menu, the dashboard, a round with its chart and calculator, My funds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fundId = roundOf(
    await ops('binfi', 'create', '--price', '100', '--capacity', '3', '--raise-days', '2'),
  );
  const member = newIdentity('binfi-phone');
  await registerViaApi(member);
  // logged in on a wide screen (the account menu folds into the burger on a phone)
  await loginInBrowser(page, member);
  await page.setViewportSize({ width: 375, height: 740 });

  await page.goto('/');
  const panel = page.getByTestId('nav-panel');
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('nav-menu-binfi').click();
  await page.getByRole('menuitem', { name: 'BinFi', exact: true }).click();
  await expect(page).toHaveURL(/\/bin-fi$/);
  const card = page.locator(`[data-testid="binfi-card"][data-id="${fundId}"]`);
  await expect(card).toHaveAttribute('data-state', 'fundraising', { timeout: 30_000 });
  await expectFits(page, 'the BinFi dashboard');

  await card.getByTestId('binfi-card-open-supply').click();
  await expect(page).toHaveURL(new RegExp(`/bin-fi/detail/${fundId}/supply`));
  await expect(page.getByTestId('binfi-detail')).toHaveAttribute('data-state', 'fundraising');
  // Rock's reward months, expected from the round's terms (8 % a year of 100 USDT, 6 months)
  await expect(page.getByTestId('binfi-chart-rock')).toHaveAttribute('data-state', 'data');
  await expect(page.getByTestId('binfi-chart-rock-summary')).toContainText('over 6 months');
  const calc = page.getByTestId('binfi-calculator');
  await calc.getByTestId('binfi-calc-units').fill('2');
  await expect(calc.getByTestId('binfi-calc-supply-invested')).toHaveText('200.00 USDT');
  await expectFits(page, 'the round’s detail');

  // Flame's side: no result before the term starts
  await page.getByTestId('binfi-detail-other-side').click();
  await expect(page).toHaveURL(new RegExp(`/bin-fi/detail/${fundId}/take`));
  await expect(page.getByTestId('binfi-chart-pnl')).toHaveAttribute('data-state', 'empty');
  await expectFits(page, 'the round’s Flame side');

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/bin-fi$/);
  await page.getByTestId('binfi-my-fund-link').click();
  await expect(page).toHaveURL(/\/bin-fi\/my-fund/);
  await expect(page.getByTestId('binfi-orders-empty')).toBeVisible({ timeout: 20_000 });
  await expectFits(page, 'My funds');
});
