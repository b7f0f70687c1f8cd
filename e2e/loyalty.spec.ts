// Loyalty levels on the real stack: BCNT staking from the injected wallet through the
// transaction pipeline (Waiting -> Pending -> Done / Cancelled / Failed), the server's chain
// indexer raising the member level, and the Alliance NFT verified by signature.
import { expect, test, type Page } from './fixtures/test';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import {
  allianceNftAbi,
  allianceNftAddress,
  loyaltyStakingAbi,
  loyaltyStakingAddress,
} from '../src/shared/contracts/generated';
import {
  mine,
  pendingTransactionCount,
  sendFrom,
  setAutomine,
  waitForReceipt,
} from './fixtures/chain';
import { connectInPanel, memberWithWallet } from './fixtures/member';
import { rejectNext } from './fixtures/test-wallet';

const staking = loyaltyStakingAddress[31337];
const nft = allianceNftAddress[31337];

test.describe.configure({ mode: 'serial' });

test.describe('staking BCNT', () => {
  const wallet = ANVIL_ACCOUNTS[5]!;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await memberWithWallet(page, 'Staker', wallet);
    await page.goto('/loyalty-program');
    await connectInPanel(page, 'staking-panel', 'staking-connect');
    await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '1');
  });

  test.afterAll(async () => {
    await setAutomine(true);
    await page.close();
  });

  test('stake 10,000 BCNT: approve, stake, and the level rises to 2', async () => {
    await page.getByTestId('stake-amount').fill('10000');
    await page.getByTestId('stake-submit').click();
    await expect(page.getByTestId('stake-progress')).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('staking-staked')).toContainText('10,000');
    await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '2', {
      timeout: 20_000,
    });
  });

  test('a request rejected in the wallet ends as Cancelled', async () => {
    await page.getByTestId('unstake-amount').fill('1000');
    await rejectNext(page, 'eth_sendTransaction');
    await page.getByTestId('unstake-submit').click();
    await expect(page.getByTestId('unstake-progress')).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByTestId('staking-staked')).toContainText('10,000');
  });

  test('a reload while the transaction is pending resumes it to Done', async () => {
    await setAutomine(false);
    await page.getByTestId('unstake-amount').fill('4000');
    await page.getByTestId('unstake-submit').click();
    await expect(page.getByTestId('unstake-progress')).toHaveAttribute('data-state', 'pending');
    await page.reload();
    await expect(page.getByTestId('unstake-progress')).toHaveAttribute('data-state', 'pending');
    await mine();
    await setAutomine(true);
    await expect(page.getByTestId('unstake-progress')).toHaveAttribute('data-state', 'done', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('staking-staked')).toContainText('6,000');
    await expect(page.getByTestId('staking-cooling')).toContainText('4,000');
    // the amount in its 14-day cooldown still counts: 6,000 + 4,000 keeps level 2
    await expect(page.getByTestId('member-level')).toHaveAttribute('data-level', '2');
    await expect(page.locator('[data-testid^="unstake-request-"]').first()).toHaveAttribute(
      'data-state',
      'locked',
    );
  });

  test('a transaction that reverts on chain ends as Failed with the reason translated', async () => {
    // The member's unstake is sent while another transaction of the same wallet (requesting
    // all 6,000) waits in the mempool: it passes the pre-flight check, then reverts when mined.
    await setAutomine(false);
    await sendFrom(wallet, {
      address: staking,
      abi: loyaltyStakingAbi,
      functionName: 'requestUnstake',
      args: [6_000n * 10n ** 18n],
    });
    await page.getByTestId('unstake-amount').fill('6000');
    await page.getByTestId('unstake-submit').click();
    await expect
      .poll(() => pendingTransactionCount(), { message: 'both transactions in the mempool' })
      .toBe(2);
    await mine();
    await setAutomine(true);
    const progress = page.getByTestId('unstake-progress');
    await expect(progress).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
    await expect(progress).toContainText('less than the 6,000 BCNT you asked to unstake');
    // it was mined and reverted: the failed transaction's hash is shown
    await expect(page.getByTestId('unstake-progress-hash')).toBeVisible();
  });
});

test.describe('the Alliance NFT', () => {
  const holder = ANVIL_ACCOUNTS[1]!;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await memberWithWallet(page, 'Alliance', holder);
    await page.goto('/account');
    await connectInPanel(page, 'alliance-panel', 'alliance-connect');
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('verify by signature: level 3; cancel: the level drops the same day', async () => {
    await expect(page.getByTestId('alliance-panel')).toHaveAttribute('data-state', 'holder');
    await page.getByTestId('alliance-verify').click();
    await expect(page.getByTestId('alliance-verified')).toContainText('1');
    await expect(page.getByTestId('account-level')).toHaveAttribute('data-level', '3');

    await page.getByTestId('alliance-cancel').click();
    await page.getByTestId('alliance-cancel-confirm').click();
    await expect(page.getByTestId('alliance-panel')).toHaveAttribute('data-state', 'holder');
    await expect(page.getByTestId('account-level')).toHaveAttribute('data-level', '1');
  });

  test('an NFT transferred away cancels the upgrade', async () => {
    await page.getByTestId('alliance-verify').click();
    await expect(page.getByTestId('account-level')).toHaveAttribute('data-level', '3');

    const hash = await sendFrom(holder, {
      address: nft,
      abi: allianceNftAbi,
      functionName: 'transferFrom',
      args: [holder, ANVIL_ACCOUNTS[2]!, 1n],
    });
    expect((await waitForReceipt(hash)).status).toBe('0x1');
    await expect(page.getByTestId('alliance-transferred-notice')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('account-level')).toHaveAttribute('data-level', '1');
  });
});
