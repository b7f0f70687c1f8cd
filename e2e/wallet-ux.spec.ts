// The wallet screens on the real stack: deposit from
// the browser wallet shows the wallet's USDT balance read from anvil, Max fills it, more than the
// balance is refused before the wallet is asked, the expected time follows the stack's
// configuration (3 confirmations of the local chain: seconds); the wallet's tab row on a 375 px
// phone scrolls sideways without cutting anything off, keeps the active tab in view, and Back
// walks back through the tabs. (The first visit's tour of the tabs is in first-visit.spec.ts.)
import { expect, test, type Locator } from './fixtures/test';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { connectInPanel, memberWithWallet } from './fixtures/member';
import { testWalletRequests } from './fixtures/test-wallet';

const WALLET = ANVIL_ACCOUNTS[9]!;

/** The element lies fully inside the horizontal bounds of `container` (nothing cut off). */
async function fullyInside(element: Locator, container: Locator) {
  const [box, frame] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  if (!box || !frame) throw new Error('not rendered');
  return box.x >= frame.x - 0.5 && box.x + box.width <= frame.x + frame.width + 0.5;
}

test('deposit from the browser wallet: its balance, Max, and no wallet prompt above the balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await memberWithWallet(page, 'DepositUx', WALLET);
  await page.goto('/wallet?tab=deposit');
  await page.getByTestId('deposit-currency').selectOption('USDT');
  await page.getByTestId('deposit-network').selectOption('ERC20');
  // the e2e stack waits for 3 confirmations of the local chain's 2 s blocks, looked for every
  // 2 s (the e2e APIs' scheduler): seconds
  await expect(page.getByTestId('deposit-confirmations')).toHaveText(
    'Credited after 3 network confirmations (about 6 to 14 seconds).',
  );
  await connectInPanel(page, 'deposit-from-wallet', 'deposit-from-wallet-connect');

  // deploy.ts funds accounts 1..9 with 100,000 USDT
  const balance = page.getByTestId('deposit-from-wallet-balance');
  await expect(balance).toHaveText('In your wallet: 100,000.00 USDT.');
  const amount = page.getByTestId('deposit-from-wallet-amount');
  const submit = page.getByTestId('deposit-from-wallet-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('deposit-from-wallet-max').click();
  await expect(amount).toHaveValue('100000');
  await expect(submit).toBeEnabled();

  // one cent more than the wallet holds: refused in the form, the wallet never asked
  await amount.fill('100000.01');
  await expect(
    page.getByText('This is more than your wallet holds. Enter at most 100,000.00 USDT.'),
  ).toBeVisible();
  await page
    .getByTestId('deposit-from-wallet')
    .screenshot({ path: test.info().outputPath('deposit-over-balance.png') });
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();
  await amount.press('Enter');
  // a blocked keystroke says why
  await amount.press('-');
  await expect(page.getByTestId('deposit-from-wallet-amount-blocked')).toHaveText(
    'Amounts cannot be negative. Type digits only.',
  );
  const prompts = (await testWalletRequests(page)).filter(
    (r) => r.method === 'eth_sendTransaction',
  );
  expect(prompts, 'no transaction was put to the wallet').toEqual([]);
  await expect(page.getByTestId('deposit-tx')).toHaveCount(0);

  // a payment within the balance goes through, and the balance shown follows the chain
  await amount.fill('25');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('deposit-tx')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await expect(balance).toHaveText('In your wallet: 99,975.00 USDT.');
});

test('wallet tabs on a 375 px phone: the row scrolls, nothing is cut off, Back returns to the previous tab', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await memberWithWallet(page, 'TabsUx', ANVIL_ACCOUNTS[4]!);
  // logged in at the desktop width (the fixture finds the user menu in the bar), then a phone
  await page.setViewportSize({ width: 375, height: 740 });

  // a deep link to the last tab: it is scrolled into the row's view
  await page.goto('/wallet?tab=addresses');
  const row = page.getByRole('tablist');
  const last = page.getByTestId('wallet-tab-addresses');
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => fullyInside(last, row)).toBe(true);
  const { scrollWidth, clientWidth } = await row.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, 'the row is wider than the phone and scrolls').toBeGreaterThan(clientWidth);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('wallet-tabs-375-addresses.png') });

  // the page itself never scrolls sideways
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow of the page').toBeLessThanOrEqual(0);

  // every tab can be reached and opened, and is shown whole once open
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBe(8);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => fullyInside(tab, row)).toBe(true);
  }
  await page.screenshot({ path: testInfo.outputPath('wallet-tabs-375-end.png') });

  // Back walks back through the tabs: addresses <- stake-history <- conversions
  await expect(page).toHaveURL(/tab=addresses$/);
  await page.goBack();
  await expect(page).toHaveURL(/tab=stake-history$/);
  await expect(page.getByTestId('wallet-tab-stake-history')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goBack();
  await expect(page).toHaveURL(/tab=conversions$/);
  await expect(page.getByTestId('wallet-panel-conversions')).toBeVisible();

  // back to the first tab: the row scrolls it back into view
  for (const tab of ['transactions', 'stake', 'convert', 'withdrawal', 'deposit']) {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`tab=${tab}$`));
  }
  const first = page.getByTestId('wallet-tab-deposit');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => fullyInside(first, row)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('wallet-tabs-375-deposit.png') });
});
