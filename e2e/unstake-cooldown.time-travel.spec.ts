// The 14-day unstake cooldown on the real stack. Moves the server clock and the chain 14 days
// ahead, so it runs in the time-travel project, on that project's own stack (playwright.config.ts).
import { expect, test } from './fixtures/test';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { advanceTime, DAY_SECONDS } from './fixtures/chain';
import { connectInPanel, loginInBrowser, memberWithWallet } from './fixtures/member';

test('request unstake keeps the level for 14 days; after them, withdraw and the level falls', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const wallet = ANVIL_ACCOUNTS[8]!;
  const member = await memberWithWallet(page, 'Cooldown', wallet);
  await page.goto('/loyalty-program');
  await connectInPanel(page, 'staking-panel', 'staking-connect');

  await page.getByTestId('stake-amount').fill('10000');
  await page.getByTestId('stake-submit').click();
  await expect(page.getByTestId('stake-progress')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '2', {
    timeout: 20_000,
  });

  await page.getByTestId('unstake-amount').fill('10000');
  await page.getByTestId('unstake-submit').click();
  await expect(page.getByTestId('unstake-progress')).toHaveAttribute('data-state', 'done', {
    timeout: 20_000,
  });
  const request = page.locator('[data-testid^="unstake-request-"]').first();
  await expect(request).toHaveAttribute('data-state', 'locked');
  await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '2');
  const requestId = (await request.getAttribute('data-testid'))!.replace('unstake-request-', '');
  await expect(page.getByTestId(`unstake-countdown-${requestId}`)).toContainText(/13|14/);

  await advanceTime(14 * DAY_SECONDS + 60);
  // the session's refresh token has been idle for more than 7 days: the app ends the session
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('loginInfo')), { timeout: 20_000 })
    .toBeNull();
  await expect(page.getByTestId('nav-user-menu')).toHaveCount(0);
  await loginInBrowser(page, member);
  await page.goto('/loyalty-program');
  await expect(page.getByTestId('staking-panel')).toHaveAttribute('data-state', 'ready');
  await expect(request).toHaveAttribute('data-state', 'unlocked', { timeout: 20_000 });
  await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '1', {
    timeout: 20_000,
  });

  await page.getByTestId(`withdraw-${requestId}`).click();
  await expect(page.getByTestId(`withdraw-progress-${requestId}`)).toHaveAttribute(
    'data-state',
    'done',
    { timeout: 20_000 },
  );
  await expect(request).toHaveAttribute('data-state', 'withdrawn');
  await expect(page.getByTestId('staking-wallet-balance')).toContainText('1,000,000');
  await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '1');
});
