// The custodial wallet on the real stack: deposit USDT from the injected browser wallet and see
// it credited after its confirmations, convert to BCNT, save a withdrawal address with the
// second factor, withdraw with an authenticator code after the 24-hour lock, the operator runs
// the queue and the recipient's on-chain balance rises; then buy BCNT in the store and see the
// order delivered once the clock passes noon of the next business day. Moves the server clock
// and the chain, so it runs in the time-travel project, on that project's own stack.
import { expect, type Page, test } from './fixtures/test';
import { encodeFunctionData, decodeFunctionResult, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { testUsdtAbi, testUsdtAddress } from '../src/shared/contracts/generated';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { serverClockOffset, totpCode } from './fixtures/auth';
import { advanceTime, anvilRpc, DAY_SECONDS, mine } from './fixtures/chain';
import { connectInPanel, memberWithWallet } from './fixtures/member';
import { ops, stack } from './fixtures/stack';

const USDT = testUsdtAddress[stack.chainId as keyof typeof testUsdtAddress] as Address;

async function usdtBalance(owner: Address): Promise<bigint> {
  const data = encodeFunctionData({ abi: testUsdtAbi, functionName: 'balanceOf', args: [owner] });
  const result = await anvilRpc<`0x${string}`>('eth_call', [{ to: USDT, data }, 'latest']);
  return decodeFunctionResult({ abi: testUsdtAbi, functionName: 'balanceOf', data: result });
}

async function fillCode(page: Page, testId: string, code: string) {
  await page.getByTestId(`${testId}-0`).fill(code);
}

async function enableAuthenticator(page: Page, password: string): Promise<string> {
  await page.goto('/security?tab=two-step');
  await page.getByTestId('two-step-enable-totp').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  // the server clock may already be ahead: another time-travel spec on this stack moved it
  await fillCode(page, 'totp-code', await totpCode(secret, await serverClockOffset()));
  await page.getByTestId('two-step-password').fill(password);
  await page.getByTestId('two-step-submit').click();
  await page.getByTestId('two-step-confirm').getByTestId('confirm-accept').click();
  await expect(page.getByTestId('two-step-method')).toHaveAttribute('data-method', 'totp');
  return secret;
}

test('deposit, convert, address book, withdrawal, and the BCNT store', async ({ page }) => {
  test.setTimeout(240_000);
  const wallet = ANVIL_ACCOUNTS[7]!;
  const member = await memberWithWallet(page, 'Custody', wallet);
  const secret = await enableAuthenticator(page, member.password);

  // ---- deposit 500 USDT from the connected wallet; credited after 3 confirmations
  await page.goto('/wallet?tab=deposit');
  await expect(page.getByTestId('deposit-panel')).toBeVisible();
  await page.getByTestId('deposit-currency').selectOption('USDT');
  await page.getByTestId('deposit-network').selectOption('ERC20');
  await expect(page.getByTestId('deposit-address')).toContainText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await connectInPanel(page, 'deposit-from-wallet', 'deposit-from-wallet-connect');
  await page.getByTestId('deposit-from-wallet-amount').fill('500');
  await page.getByTestId('deposit-from-wallet-submit').click();
  await expect(page.getByTestId('deposit-tx')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  const deposit = page.getByTestId('deposit-row').first();
  await expect(deposit).toHaveAttribute('data-state', 'confirming', { timeout: 20_000 });
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText('0.00');
  await mine(3);
  await expect(deposit).toHaveAttribute('data-state', 'credited', { timeout: 20_000 });
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText('500.00', {
    timeout: 20_000,
  });

  // ---- convert 100 USDT to BCNT at the quoted price (0.5 USDT per BCNT)
  await page.getByTestId('wallet-tab-convert').click();
  await expect(page.getByTestId('convert-panel')).toBeVisible();
  await page.getByTestId('convert-amount').fill('100');
  await expect(page.getByTestId('convert-receive')).toContainText('200');
  await page.getByTestId('convert-submit').click();
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText('400.00', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('wallet-available-BCNT')).toHaveText('200.00');

  // ---- enabling the authenticator locked withdrawals for 24 hours
  await page.getByTestId('wallet-tab-withdrawal').click();
  await expect(page.getByTestId('withdraw-lock')).toBeVisible();
  await advanceTime(DAY_SECONDS + 120);
  await page.reload();
  await expect(page.getByTestId('withdraw-panel')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('withdraw-lock')).toHaveCount(0);

  // ---- save a withdrawal address with the password and the authenticator code (new
  // addresses are locked for 24 hours after a two-step change too)
  const recipient = privateKeyToAddress(generatePrivateKey());
  await page.getByTestId('wallet-tab-addresses').click();
  await page.getByTestId('address-add').click();
  await page.getByTestId('address-name').fill('Cold storage');
  await page.getByTestId('address-currency').selectOption('USDT');
  await page.getByTestId('address-network').selectOption('ERC20');
  await page.getByTestId('address-value').fill(recipient);
  await page.getByTestId('address-default').check();
  await page.getByTestId('address-continue').click();
  await fillCode(page, 'address-code', await totpCode(secret, await serverClockOffset()));
  await page.getByTestId('address-password').fill(member.password);
  await page.getByTestId('address-save').click();
  await expect(page.getByTestId('address-row')).toHaveCount(1);
  await expect(page.getByTestId('address-row')).toHaveAttribute('data-default', 'true');

  await page.getByTestId('wallet-tab-withdrawal').click();
  await expect(page.getByTestId('withdraw-panel')).toBeVisible();

  // ---- withdraw 50 USDT to the saved address with an authenticator code
  await page.getByTestId('withdraw-currency').selectOption('USDT');
  await page.getByTestId('withdraw-network').selectOption('ERC20');
  await expect(page.getByTestId('withdraw-saved-address')).toHaveValue(/.+/);
  await page.getByTestId('withdraw-amount').fill('50');
  await page.getByTestId('withdraw-submit').click();
  await fillCode(page, 'withdraw-code', await totpCode(secret, await serverClockOffset()));
  await page.getByTestId('withdraw-confirm').click();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();
  const withdrawal = page.getByTestId('withdraw-row').first();
  await expect(withdrawal).toHaveAttribute('data-state', 'queued');
  const before = await usdtBalance(recipient);
  expect(before).toBe(0n);

  // ---- the operator runs the queue now; the transfer lands after its confirmations
  await ops('withdrawals', 'run');
  await mine(3);
  await expect(withdrawal).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  await expect(withdrawal).toHaveAttribute('data-tx-hash', /^0x[0-9a-f]{64}$/);
  expect(await usdtBalance(recipient)).toBe(50_000_000n);

  // ---- buy BCNT in the store with 100 USDT paid from the connected wallet
  await page.goto('/bcnt');
  await page.getByTestId('store-tab-purchase').click();
  await page.getByTestId('store-amount').fill('100');
  await expect(page.getByTestId('store-receive')).toContainText('200');
  await page.getByTestId('store-buy').click();
  const order = page.getByTestId('store-order');
  await expect(order).toHaveAttribute('data-state', 'Created', { timeout: 20_000 });
  await expect(page.getByTestId('store-order-address')).toContainText(/0x[0-9a-fA-F]{40}/);
  const pay = page.getByTestId('store-pay');
  const connect = page.getByTestId('store-pay-connect');
  await expect(pay.or(connect)).toBeVisible();
  if (await connect.isVisible()) {
    await connect.click();
    await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
  }
  await pay.click();
  await expect(order).toHaveAttribute('data-state', /Confirming|Deposited/, { timeout: 40_000 });
  await mine(3);
  await expect(order).toHaveAttribute('data-state', 'Deposited', { timeout: 30_000 });

  // delivered at 12:00 UTC+8 of the next business day: at most 3 days and 12 hours ahead
  await advanceTime(4 * DAY_SECONDS);
  // The member comes back days later and logs in afresh (whether the old session survived the
  // days is the session tests' business; checking it here raced the app's own token refresh).
  await page.evaluate(() => localStorage.removeItem('loginInfo'));
  await page.goto('/login');
  await page.getByTestId('login-email').fill(member.email);
  await page.getByTestId('login-password').fill(member.password);
  await page.getByTestId('login-submit').click();
  await fillCode(page, 'login-2fa-code', await totpCode(secret, await serverClockOffset()));
  await expect(page.getByTestId('nav-user-menu')).toBeVisible({ timeout: 30_000 });
  await page.goto('/bcnt');
  await page.getByTestId('store-tab-history').click();
  await expect(page.getByTestId('store-history-row').first()).toHaveAttribute(
    'data-state',
    'Delivered',
    { timeout: 30_000 },
  );
  await page.goto('/wallet?tab=transactions');
  await expect(page.getByTestId('wallet-available-BCNT')).toHaveText('400.00', {
    timeout: 20_000,
  });
});
