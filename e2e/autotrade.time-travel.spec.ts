// Smart Autotrade as the clock runs, on the time-travel project's own stack: a member follows
// ETH Momentum (a 30-minute trend follower on the paper exchange) with a custodial USDT margin;
// the server clock moves in half hours while the strategies step and the executor mirrors their
// signals, until the strategy's order shows among the member's own orders; then the member
// unsubscribes from the summary (fee due, margin returned) and the margin is back in the wallet.
// A BCNT margin staked from the browser wallet and released back to it. And the margin warning:
// a partner's strategy of the test's own (the `orders` source: the test places the partner's
// order on the paper exchange), subscribed 40 minutes before the fee date with the minimum
// margin; after the signal puts the book long, the operator's market move (`exchange move`)
// lifts the gain to 8.5 % of the allocation, and over the 1st the fee taken from the margin
// leaves it below 30 % of the stake: the banner and the e-mail.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/test';
import { newIdentity, registerViaApi, serverClockOffset, waitForMessage } from './fixtures/auth';
import { decodeFunctionResult, encodeFunctionData, parseUnits, type Address } from 'viem';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { bcntAbi, bcntAddress } from '../src/shared/contracts/generated';
import { advanceTime, anvilRpc, mine } from './fixtures/chain';
import { depositUsdt, loginInBrowser, markVerified, memberWithWallet } from './fixtures/member';
import { type PaperAccountKey, paperOrder, paperTicker } from './fixtures/paper-exchange';
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

/** The anvil accounts no other time-travel spec uses. */
const MARGIN_WALLETS = [3, 5, 6, 9] as const;

/**
 * The wallet of the next test, one per run on this stack: a wallet stays linked to the member
 * who linked it, so a repeat on the same stack needs another. Runs on one stack take turns, and
 * the count lives in the stack's data dir, made afresh with its database for each suite run.
 */
function nextMarginWallet(): Address {
  const file = join(stack.dataDir, 'e2e-margin-wallet-runs');
  const runs = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  writeFileSync(file, String(runs + 1));
  return ANVIL_ACCOUNTS[MARGIN_WALLETS[runs % MARGIN_WALLETS.length]!]! as Address;
}

test('a BCNT margin staked from the browser wallet: approve, deposit (Waiting -> Done), active, then unsubscribed and back in the wallet', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const wallet = nextMarginWallet();
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

/** The next 1st of a month, 00:00 in UTC+8 (the fee date), after `time` (ms). */
function nextFeeDate(time: number): number {
  const utc8 = new Date(time + 8 * 3_600_000);
  return Date.UTC(utc8.getUTCFullYear(), utc8.getUTCMonth() + 1, 1) - 8 * 3_600_000;
}

/** A number the page shows ("1,085.12 USDT", "0.015 BTC (915.20 USDT)": the one in brackets). */
function shown(text: string | null, inBrackets = false): number {
  const part = inBrackets ? /\(([^)]*)\)/.exec(text ?? '')?.[1] : text;
  return Number((part ?? '').replace(/[^\d.-]/g, ''));
}

test('the margin warning: a market move lifts the gain into the window where the fee on the 1st leaves the margin below 30 %', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // the clock to 40 minutes before the next fee date (the 1st, UTC+8), before anyone logs in
  const now = Date.now() + (await serverClockOffset());
  let feeDate = nextFeeDate(now);
  if (feeDate - now < 45 * 60_000) feeDate = nextFeeDate(feeDate + 60_000);
  await advanceTime(Math.floor((feeDate - 40 * 60_000 - now) / 1000));

  // a partner trader's strategy on BTC/USDT whose signals are the orders they place by hand: the
  // platform reads the account with one key, the partner trades it with another (two clients on
  // one key would break each other's nonce order)
  const suffix = Date.now().toString(36);
  const account = `e2e-partner-${suffix}`;
  const source = JSON.parse(
    await ops('exchange', 'create-key', account, '--json', '--fund', 'UST=10000'),
  ) as PaperAccountKey;
  const partner = JSON.parse(
    await ops('exchange', 'create-key', account, '--json'),
  ) as PaperAccountKey;
  const name = `Margin Desk ${suffix}`;
  const strategy = JSON.parse(
    await ops(
      'strategy',
      'create',
      '--json',
      '--name',
      name,
      '--name-zh-tw',
      name,
      '--name-zh-cn',
      name,
      '--description',
      'A partner trading BTC by hand',
      '--trader',
      'E2E Partner',
      '--category',
      'trend',
      '--symbol',
      'BTC/USDT',
      '--risk',
      'medium',
      '--fee',
      '20',
      '--margin',
      'USDT',
      '--min-invest',
      '100',
      '--source',
      'orders',
    ),
  ) as { id: number };
  await ops(
    'strategy',
    'attach-source',
    String(strategy.id),
    '--key',
    source.apiKey,
    '--secret',
    source.secret,
  );
  await ops('strategy', 'start', String(strategy.id));

  const member = newIdentity('AutotradeMargin');
  await registerViaApi(member);
  await markVerified(member);
  const key = JSON.parse(
    await ops('exchange', 'create-key', `e2e-at-margin-${suffix}`, '--json', '--fund', 'UST=2000'),
  ) as PaperAccountKey;
  await loginInBrowser(page, member);
  await page.goto('/api-keys');
  await page.getByTestId('api-key-import-open').click();
  await page.getByTestId('api-key-name').fill('Margin desk');
  await page.getByTestId('api-key-key').fill(key.apiKey);
  await page.getByTestId('api-key-secret').fill(key.secret);
  await page.getByTestId('api-key-reauth-password').fill(member.password);
  await page.getByTestId('api-key-import-submit').click();
  await expect(
    page.locator('[data-testid="api-key-row"][data-name="Margin desk"]'),
  ).toHaveAttribute('data-status', 'correct', { timeout: 20_000 });
  await depositUsdt(page, '50', '50.00');

  // from the landing page: Services > Smart Autotrade, the strategy found by its name
  await page.goto('/');
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: 'Smart Autotrade' }).click();
  await page.getByTestId('autotrade-search').fill(name);
  await page.getByTestId('autotrade-search').press('Enter');
  await expect(page.getByTestId('autotrade-row')).toHaveCount(1, { timeout: 20_000 });
  await page.getByTestId('autotrade-row-link').click();
  await page.getByTestId('autotrade-subscribe-open').click();
  await expect(page.getByTestId('autotrade-flow-balance')).toContainText('2,000.00 USDT', {
    timeout: 20_000,
  });
  // 1,000 USDT with the minimum USDT margin: the fee (20 %) on a 10 % gain
  const allocation = 1000;
  await page.getByTestId('autotrade-flow-allocation-input').fill(String(allocation));
  await page.getByTestId('autotrade-flow-currency-USDT').click();
  await expect(page.getByTestId('autotrade-flow-min-stake')).toContainText('USDT');
  await page.getByTestId('autotrade-flow-margin-min').click();
  const stake = Number(await page.getByTestId('autotrade-flow-margin-input').inputValue());
  expect(stake).toBe(20);
  await page.getByTestId('autotrade-flow-consent').check();
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

  // the partner buys BTC with about 90 % of the strategy account: the signal puts the member's
  // book long by the same share of its allocation
  const { ask } = await paperTicker(partner.url, 'tBTCUST');
  const bought = await paperOrder(partner, {
    type: 'EXCHANGE IOC',
    symbol: 'tBTCUST',
    amount: (9_000 / ask).toFixed(4),
    price: String(Math.round(ask * 1.01)),
  });
  expect(bought.status).toMatch(/^EXECUTED/);
  const signal = page.locator('[data-testid="autotrade-order"][data-purpose="signal"]');
  await expect(async () => {
    await ops('strategy', 'run');
    await ops('strategy', 'execute');
    await page.goto(detail);
    await expect(page.getByTestId('autotrade-my-orders')).toBeVisible({ timeout: 20_000 });
    await expect(signal.first()).toHaveAttribute('data-status', 'filled', { timeout: 10_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });

  // what the page shows: equity, the position's value and the margin; the gain the fee on the
  // 1st must take to leave 15 % of the stake (below 30 %: the warning; below the fee: a
  // cancellation), and the market move that makes it
  const equity = shown(await page.getByTestId('autotrade-my-equity').locator('dd').textContent());
  const positionValue = shown(
    await page.getByTestId('autotrade-my-position').locator('dd').textContent(),
    true,
  );
  const margin = shown(
    await page.getByTestId('autotrade-my-margin-amount').locator('dd').textContent(),
  );
  expect(margin).toBe(stake);
  expect(positionValue).toBeGreaterThan(0.8 * allocation);
  const target = allocation + (margin - 0.15 * stake) / 0.2;
  const percent = ((target - equity) / positionValue) * 100;
  await ops('exchange', 'move', 'BTCUST', `--percent=${percent.toFixed(4)}`);
  // the page values positions at the strategy's last price, taken every 15 minutes of the clock
  await advanceTime(16 * 60);
  await expect(async () => {
    await page.goto(detail);
    const moved = shown(
      await page.getByTestId('autotrade-my-equity').locator('dd').textContent({ timeout: 20_000 }),
    );
    // the window is the target +- 15 (a gain of 70 to 100: the fee leaves 0 to 30 % of the
    // stake); the seeded market drifts a little further while the clock runs
    expect(Math.abs(moved - target)).toBeLessThan(10);
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(page.getByTestId('autotrade-my-margin-warning')).toHaveCount(0);

  // the clock over the 1st: the fee job takes the fee from the margin, the margin watch warns
  const since = Date.now() + (await serverClockOffset());
  await advanceTime(Math.ceil((feeDate - since) / 1000) + 60);
  await expect(async () => {
    await page.goto(detail);
    await expect(page.getByTestId('autotrade-my-account')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('autotrade-my-margin-warning')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(page.getByTestId('autotrade-my')).toHaveAttribute('data-state', 'active');
  const leftText = (await page
    .getByTestId('autotrade-my-margin-amount')
    .locator('dd')
    .textContent())!.trim();
  const left = shown(leftText);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThan(0.3 * stake);
  await expect(page.getByTestId('autotrade-my-margin-warning')).toContainText(leftText);
  const mail = await waitForMessage(
    member.email,
    (message) => message.subject === 'Smart Autotrade: your margin is low',
  );
  expect(mail.link).toMatch(new RegExp(`/portfolio/autotrade/${detail.split('/').pop()}$`));
});
