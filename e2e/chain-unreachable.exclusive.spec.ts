// The chain unreachable from the browser: every request to the app chain's RPC (the reads of the
// chain screens and the test wallet's, which uses the same node) fails with a refused connection.
// A visitor goes from the landing page to the loyalty program: the staking panel's reads fail
// and the page says the blockchain network cannot be reached and that it retries, instead of
// loading without end; once the node answers again, "Retry now" brings the figures back.
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { stack } from './fixtures/stack';

test.use({ allowedConsole: [/Failed to load resource: net::ERR_CONNECTION_REFUSED/] });

test('the chain unreachable: the loyalty program says so and retries; Retry now recovers', async ({
  page,
}) => {
  const rpc = new URL(stack.rpcUrl).origin;
  const refuse = (route: Route) => route.abort('connectionrefused');
  await page.route((url) => url.origin === rpc, refuse);

  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  const panel = page.getByTestId('nav-panel');
  if (!(await page.getByTestId('nav-menu-programs').isVisible())) {
    await expect(async () => {
      if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
      await expect(panel).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  await page.getByTestId('nav-menu-programs').click();
  await page.getByRole('menuitem', { name: 'Loyalty Program' }).click();
  await expect(page).toHaveURL(/\/loyalty-program$/);

  const notice = page.getByTestId('chain-unavailable');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText('The blockchain network cannot be reached');
  await expect(notice).toContainText('Retrying automatically');
  await expect(page.getByTestId('staking-panel')).toBeVisible();

  await page.unroute((url) => url.origin === rpc, refuse);
  await notice.getByTestId('chain-unavailable-retry').click();
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
});
