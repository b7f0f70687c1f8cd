// The developer tools page (/dev/contracts) on the real stack. The suite's own app build runs
// as in production (APP_ENV=production: no dev links, no dev page), so the suite's build also
// makes the app as a developer runs it (APP_ENV=development, into .e2e-dev-dist/:
// scripts/lib/e2e-build.ts) and this spec serves it with `vite preview`, which proxies the API's
// paths to the e2e API like `npm run dev` does. A fresh address (impersonated on anvil, so the injected wallet can send
// from it) gets its funds from the page's faucet: every balance here is this test's own.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { getFreePort } from '../scripts/anvil';
import { bcntAddress } from '../src/shared/contracts/generated';
import { E2E } from '../scripts/lib/e2e-env';
import { buildE2eDevApp, E2E_DEV_DIST } from '../scripts/lib/e2e-build';
import { startProcess, waitForHttp, type Managed } from '../scripts/lib/proc';
import { anvilRpc } from './fixtures/chain';
import { stack } from './fixtures/stack';
import { installTestWallet } from './fixtures/test-wallet';
import { expect, test } from './fixtures/test';

let preview: Managed | undefined;
let baseUrl = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // built with the suite's app (scripts/build-e2e.ts); again here only when a source is newer
  const built = await buildE2eDevApp();
  if (built !== 0) throw new Error(`vite build (development app) exited ${built}`);
  const port = await getFreePort();
  preview = startProcess(
    'dev-preview',
    'npx',
    ['vite', 'preview', '--outDir', E2E_DEV_DIST, '--port', String(port), '--strictPort'],
    { env: { ...process.env, API_PORT: String(E2E.apiPort) } },
  );
  baseUrl = `http://localhost:${port}`;
  await waitForHttp(`${baseUrl}/`, 60_000);
});

test.afterAll(async () => {
  await preview?.stop();
});

test('the dev contracts page from the landing page: faucet, read a balance, send a transfer, see the event', async ({
  page,
}) => {
  const developer = privateKeyToAccount(generatePrivateKey()).address;
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  // anvil sends for an impersonated address without its key; the faucet below gives it ETH
  await anvilRpc('anvil_impersonateAccount', [developer]);
  await installTestWallet(page, {
    rpcUrl: stack.rpcUrl,
    account: developer,
    chainId: stack.chainId,
  });

  await page.goto(`${baseUrl}/`);
  await page.getByTestId('dev-tools-link').click();
  await expect(page).toHaveURL(/\/dev\/contracts/);
  await expect(page.getByTestId('dev-contracts-page')).toBeVisible();
  await expect(page.getByTestId('dev-contract-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);

  // connect the injected wallet from the nav bar
  await page.getByTestId('wallet-connect').click();
  await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
  await expect(page.getByTestId('dev-wallet')).toContainText(developer);
  // the visitor's "Wallet connected" prompt of the nav bar: closed, it would cover the page
  const prompt = page.getByTestId('visitor-wallet-prompt');
  await prompt.getByTestId('visitor-wallet-close').click();
  await expect(prompt).toBeHidden();

  // the faucet: the connected wallet by default
  await page.getByTestId('dev-faucet-eth').fill('1');
  await page.getByTestId('dev-faucet-bcnt').fill('100');
  await page.getByTestId('dev-faucet-usdt').fill('');
  await page.getByTestId('dev-faucet-send').click();
  const granted = page.getByTestId('dev-faucet-result');
  await expect(granted.locator('[data-asset="eth"]')).toContainText('ETH +1: balance 1');
  await expect(granted.locator('[data-asset="bcnt"]')).toContainText('BCNT +100: balance 100');

  // read: BCNT's balanceOf(developer), live
  await page.getByTestId('dev-contract-select').selectOption('bcnt');
  await expect(page).toHaveURL(/contract=bcnt/);
  // the panel shows BCNT once the choice has rendered (AllianceNFT has a balanceOf too)
  await expect(page.getByTestId('dev-contract-address')).toHaveText(bcntAddress[31337]);
  const balanceOf = page.getByTestId('dev-read-balanceOf');
  await balanceOf.getByTestId('dev-read-balanceOf-arg-0').fill(developer);
  await balanceOf.getByTestId('dev-read-balanceOf-button').click();
  await expect(balanceOf.getByTestId('dev-read-balanceOf-result')).toHaveText(
    '100000000000000000000',
  );

  // write: transfer 2.5 BCNT through the wallet and the transaction pipeline
  const transfer = page.getByTestId('dev-write-transfer');
  await transfer.getByTestId('dev-write-transfer-arg-0').fill(recipient);
  await transfer.getByTestId('dev-write-transfer-arg-1').fill('2500000000000000000');
  await transfer.getByTestId('dev-write-transfer-button').click();
  await expect(transfer.getByTestId('dev-write-transfer-tx')).toHaveAttribute('data-state', 'done');

  // the event, decoded, among the recent ones
  const event = page
    .getByTestId('dev-events')
    .getByTestId('dev-event')
    .filter({ hasText: recipient });
  await expect(event).toHaveAttribute('data-event', 'Transfer');
  await expect(event).toContainText(
    `{"from":"${developer}","to":"${recipient}","value":"2500000000000000000"}`,
  );

  // the read follows the transaction
  await expect(balanceOf.getByTestId('dev-read-balanceOf-result')).toHaveText(
    '97500000000000000000',
  );

  // on a 375 px phone nothing is wider than the screen (addresses, results and events wrap)
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('dev-contracts-page')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await anvilRpc('anvil_stopImpersonatingAccount', [developer]);
});
