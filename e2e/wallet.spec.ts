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
