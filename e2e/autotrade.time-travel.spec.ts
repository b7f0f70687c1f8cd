// Smart Autotrade as the clock runs, on the time-travel project's own stack: a member follows
// ETH Momentum (a 30-minute trend follower on the paper exchange) with a custodial USDT margin;
// the server clock moves in half hours while the strategies step and the executor mirrors their
// signals, until the strategy's order shows among the member's own orders; then the member
// unsubscribes from the summary (fee due, margin returned) and the margin is back in the wallet.
import { expect, test } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { decodeFunctionResult, encodeFunctionData, parseUnits, type Address } from 'viem';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { bcntAbi, bcntAddress } from '../src/shared/contracts/generated';
import { advanceTime, anvilRpc, mine } from './fixtures/chain';
import { depositUsdt, loginInBrowser, markVerified, memberWithWallet } from './fixtures/member';
import { ops, stack } from './fixtures/stack';

async function bcntBalance(owner: Address): Promise<bigint> {
  const to = bcntAddress[stack.chainId as keyof typeof bcntAddress] as Address;
  const data = encodeFunctionData({ abi: bcntAbi, functionName: 'balanceOf', args: [owner] });
  const result = await anvilRpc<`0x${string}`>('eth_call', [{ to, data }, 'latest']);
  return decodeFunctionResult({ abi: bcntAbi, functionName: 'balanceOf', data: result });
}

test('signals mirrored as the clock runs, then unsubscribe with the margin back', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const member = newIdentity('AutotradeClock');
  await registerViaApi(member);
  await markVerified(member);
  const account = `e2e-at-clock-${Date.now().toString(36)}`;
  const key = JSON.parse(
    await ops('exchange', 'create-key', account, '--json', '--fund', 'UST=10000'),
  ) as { apiKey: string; secret: string };

  await loginInBrowser(page, member);
  await page.goto('/api-keys');
  await page.getByTestId('api-key-import-open').click();
  await page.getByTestId('api-key-name').fill('Clock desk');
  await page.getByTestId('api-key-key').fill(key.apiKey);
  await page.getByTestId('api-key-secret').fill(key.secret);
  await page.getByTestId('api-key-reauth-password').fill(member.password);
  await page.getByTestId('api-key-import-submit').click();
  await expect(page.locator('[data-testid="api-key-row"][data-name="Clock desk"]')).toHaveAttribute(
    'data-status',
    'correct',
    { timeout: 20_000 },
  );
  await depositUsdt(page, '200', '200.00');

  // find ETH Momentum by search and subscribe 1,000 USDT with the minimum USDT margin
  await page.goto('/trading-bot');
  await page.getByTestId('autotrade-search').fill('Momentum');
  await page.getByTestId('autotrade-search').press('Enter');
  await expect(page).toHaveURL(/q=Momentum/);
  await expect(page.getByTestId('autotrade-row')).toHaveCount(1, { timeout: 20_000 });
  await page.getByTestId('autotrade-row-link').click();
  await page.getByTestId('autotrade-subscribe-open').click();
  await expect(page.getByTestId('autotrade-flow-balance')).toContainText('10,000.00 USDT', {
    timeout: 20_000,
  });
  await page.getByTestId('autotrade-flow-allocation-input').fill('1000');
  await page.getByTestId('autotrade-flow-currency-USDT').click();
  await expect(page.getByTestId('autotrade-flow-min-stake')).toContainText('USDT');
  await page.getByTestId('autotrade-flow-margin-min').click();
  const margin = (await page.getByTestId('autotrade-flow-margin-input').inputValue()).trim();
  await page.getByTestId('autotrade-flow-consent').check();
  // no risk questionnaire yet: the risk is acknowledged
  await page.getByTestId('autotrade-risk-ack-checkbox').check();
  await page.getByTestId('autotrade-flow-confirm').click();
  await expect(page.getByTestId('autotrade-flow-success')).toHaveAttribute('data-state', 'active', {
    timeout: 30_000,
  });
  await page.getByTestId('autotrade-flow-success-link').click();
  await expect(page.getByTestId('autotrade-my')).toHaveAttribute('data-state', 'active', {
    timeout: 20_000,
  });
  const detail = page.url();

  // the clock runs: the strategies step, the executor mirrors their signals
  await expect(async () => {
    await advanceTime(30 * 60);
    await ops('strategy', 'run');
    await ops('strategy', 'execute');
    await page.goto(detail);
    await expect(
      page.locator('[data-testid="autotrade-order"][data-purpose="signal"]').first(),
    ).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 200_000, intervals: [0] });

  // unsubscribe: the summary, then the margin (less any fee due) back in the wallet
  await page.getByTestId('autotrade-unsubscribe-open').click();
  const dialog = page.getByTestId('autotrade-unsubscribe-dialog');
  const returned = dialog.getByTestId('autotrade-unsubscribe-returned');
  await expect(returned).toContainText('USDT', { timeout: 20_000 });
  const back = Number((await returned.textContent())!.replace(/[^\d.]/g, ''));
  expect(back).toBeGreaterThan(0);
  expect(back).toBeLessThanOrEqual(Number(margin));
  await dialog.getByTestId('autotrade-unsubscribe-confirm').click();
  await expect(page.getByTestId('autotrade-unsubscribe-done')).toBeVisible({ timeout: 30_000 });

  await page.goto('/wallet');
  const expected = (200 - Number(margin) + back).toFixed(2);
  await expect(page.getByTestId('wallet-available-USDT')).toHaveText(
    new RegExp(expected.replace('.', '\\.')),
    { timeout: 20_000 },
  );
});

test('a BCNT margin staked from the browser wallet: approve, deposit (Waiting -> Done), active, then unsubscribed and back in the wallet', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const wallet = ANVIL_ACCOUNTS[3]!;
  const member = await memberWithWallet(page, 'AutotradeChain', wallet);
  const account = `e2e-at-chain-${Date.now().toString(36)}`;
  const key = JSON.parse(
    await ops('exchange', 'create-key', account, '--json', '--fund', 'UST=10000'),
  ) as { apiKey: string; secret: string };
  await page.goto('/api-keys');
  await page.getByTestId('api-key-import-open').click();
  await page.getByTestId('api-key-name').fill('Chain desk');
  await page.getByTestId('api-key-key').fill(key.apiKey);
  await page.getByTestId('api-key-secret').fill(key.secret);
  await page.getByTestId('api-key-reauth-password').fill(member.password);
  await page.getByTestId('api-key-import-submit').click();
  await expect(page.locator('[data-testid="api-key-row"][data-name="Chain desk"]')).toHaveAttribute(
    'data-status',
    'correct',
    { timeout: 20_000 },
  );

  await page.goto('/trading-bot?q=Grid&risk=low');
  await page.getByTestId('autotrade-row-link').first().click();
  await page.getByTestId('autotrade-subscribe-open').click();
  await expect(page.getByTestId('autotrade-flow-balance')).toContainText('10,000.00 USDT', {
    timeout: 20_000,
  });
  await page.getByTestId('autotrade-flow-allocation-input').fill('500');
  await page.getByTestId('autotrade-flow-currency-BCNT').click();
  await expect(page.getByTestId('autotrade-flow-min-stake')).toContainText('BCNT');
  await page.getByTestId('autotrade-flow-margin-min').click();
  const margin = (await page.getByTestId('autotrade-flow-margin-input').inputValue()).trim();
  await page.getByTestId('autotrade-flow-source-chain').getByRole('radio').check();
  await expect(page.getByTestId('autotrade-flow-wallet')).toHaveValue(
    new RegExp(`^${wallet}$`, 'i'),
  );
  await page.getByTestId('autotrade-flow-consent').check();
  // no risk questionnaire yet: the risk is acknowledged
  await page.getByTestId('autotrade-risk-ack-checkbox').check();
  await page.getByTestId('autotrade-flow-confirm').click();
  await expect(page.getByTestId('autotrade-flow-success')).toHaveAttribute(
    'data-state',
    'pending_margin',
    { timeout: 30_000 },
  );
  await page.getByTestId('autotrade-flow-success-link').click();
  await expect(page.getByTestId('autotrade-my')).toHaveAttribute('data-state', 'pending_margin', {
    timeout: 20_000,
  });

  // connect the wallet, then approve + deposit through the pipeline
  await page.getByTestId('wallet-connect').first().click();
  await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
  const before = await bcntBalance(wallet);
  await page.getByTestId('autotrade-chain-deposit-send').click();
  await expect(page.getByTestId('autotrade-chain-deposit-progress')).toHaveAttribute(
    'data-state',
    'done',
    { timeout: 60_000 },
  );
  // the indexer activates it after the deposit's confirmations
  await expect(async () => {
    await mine(2);
    await expect(page.getByTestId('autotrade-my')).toHaveAttribute('data-state', 'active', {
      timeout: 6_000,
    });
  }).toPass({ timeout: 90_000, intervals: [0] });
  expect(await bcntBalance(wallet)).toBe(before - parseUnits(margin, 18));

  // unsubscribe: the summary says what comes back; the operator's MarginVault transaction
  // returns it to the browser wallet, and the page follows it to confirmed
  await page.getByTestId('autotrade-unsubscribe-open').click();
  const dialog = page.getByTestId('autotrade-unsubscribe-dialog');
  const returned = dialog.getByTestId('autotrade-unsubscribe-returned');
  await expect(returned).toContainText('BCNT', { timeout: 20_000 });
  const back = (await returned.textContent())!.replace(/[^\d.]/g, '');
  await dialog.getByTestId('autotrade-unsubscribe-confirm').click();
  await expect(page.getByTestId('autotrade-unsubscribe-done')).toBeVisible({ timeout: 30_000 });
  const tx = page.getByTestId('autotrade-my-operator-tx');
  await expect(async () => {
    await mine(2);
    await expect(tx).toHaveAttribute('data-state', 'confirmed', { timeout: 6_000 });
  }).toPass({ timeout: 90_000, intervals: [0] });
  await expect(tx).toContainText(`${Number(back).toFixed(2)} BCNT`);
  expect(await bcntBalance(wallet)).toBe(before - parseUnits(margin, 18) + parseUnits(back, 18));
});
