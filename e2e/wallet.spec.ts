import { expect, test } from './fixtures/test';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { stack } from './fixtures/stack';
import { installTestWallet, rejectNext } from './fixtures/test-wallet';

test('the injected wallet connects on the local chain and the nav shows its BCNT balance', async ({
  page,
}) => {
  await installTestWallet(page, {
    rpcUrl: stack.rpcUrl,
    account: ANVIL_ACCOUNTS[1]!,
    chainId: stack.chainId,
  });
  await page.goto('/');
  const connect = page.getByTestId('wallet-connect');
  await connect.click();
  await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
  await expect(page.getByTestId('wallet-bcnt-balance')).toHaveText('1,000,000 BCNT');
  await expect(page.getByTestId('wallet-connect')).toContainText('0x7099');

  // a returning wallet reconnects after a reload without a click
  await page.reload();
  await expect(page.getByTestId('wallet-bcnt-balance')).toHaveText('1,000,000 BCNT');
});

test('a connection rejected in the wallet leaves the member disconnected', async ({ page }) => {
  await installTestWallet(page, {
    rpcUrl: stack.rpcUrl,
    account: ANVIL_ACCOUNTS[2]!,
    chainId: stack.chainId,
  });
  await page.goto('/');
  await page.getByTestId('wallet-connect').click();
  await rejectNext(page);
  await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
  await expect(page.getByText(/retry/i).first()).toBeVisible();
  await expect(page.getByTestId('wallet-bcnt-balance')).toHaveCount(0);
});

test('a visitor who connects a wallet is offered wallet sign-in and Log in / Sign up', async ({
  page,
}) => {
  await installTestWallet(page, {
    rpcUrl: stack.rpcUrl,
    account: ANVIL_ACCOUNTS[6]!,
    chainId: stack.chainId,
  });
  await page.goto('/');
  await expect(page.getByTestId('visitor-wallet-prompt')).toHaveCount(0);
  await page.getByTestId('wallet-connect').click();
  await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
  const prompt = page.getByRole('dialog', { name: 'Wallet connected' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(prompt.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');

  // this wallet is linked to no account: signing in says so and how to go on
  await prompt.getByRole('link', { name: 'Log in with wallet' }).click();
  await expect(page).toHaveURL(/\/login\?method=wallet$/);
  await expect(page.getByTestId('visitor-wallet-prompt')).toHaveCount(0);
  const status = page.getByTestId('siwe-login-status');
  await expect(status).toHaveAttribute('data-state', 'failed');
  await expect(status).toContainText('not linked to any account');
  await expect(page.getByTestId('login-register-link')).toBeVisible();
});
