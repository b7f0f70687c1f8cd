// BinFi on the time-travel project's own stack: two premier members, each with a browser wallet
// linked to their account, go from the landing page's BinFi menu to a raising round; one
// supplies (Ultra Rock) and the other takes (Ultra Flame) from the wallet, each order going
// through the transaction pipeline (USDT approve, then the order: Waiting -> Done) and showing
// in My funds once indexed. The operator matches with Rock the larger side; Rock claims its
// refund from the wallet; the clock runs to the maturity, the operator settles and both wallets
// receive their payout. On a second round Rock redeems early (irreversible) and the operator's
// payment arrives.
import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { expect, type Locator, type Page, test } from './fixtures/test';
import type { newIdentity } from './fixtures/auth';
import {
  advanceTime,
  anvilRpc,
  DAY_SECONDS,
  mine,
  sendFrom,
  waitForReceipt,
} from './fixtures/chain';
import { loginInBrowser, memberWithWallet } from './fixtures/member';
import { makePremier } from './fixtures/premier';
import { ops, stack } from './fixtures/stack';
import type { BinfiSideDetail } from '../src/shared/api/binfi';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { binFiPoolAbi, binFiPoolAddress, testUsdtAddress } from '../src/shared/contracts/generated';

const POOL = binFiPoolAddress[31337] as Address;
const USDT = testUsdtAddress[31337] as Address;
/** USDT atomic units of a decimal text, cut to its 6 places (a payout is rounded down). */
const usdt = (text: string) => parseUnits(text.replace(/(\.\d{6})\d+$/, '$1'), 6);

async function usdtBalance(owner: Address): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  return BigInt(await anvilRpc<Hex>('eth_call', [{ to: USDT, data }, 'latest']));
}

/** A public round from one side, as the API answers it. */
async function sideOf(fundId: number, side: 'supply' | 'take'): Promise<BinfiSideDetail> {
  const path = side === 'supply' ? 'SupplierDetail' : 'TakerDetail';
  const res = await fetch(`${stack.baseUrl}/api/v1/binfi/${path}?fundId=${fundId}`);
  const body = (await res.json()) as { status: number; data: BinfiSideDetail };
  if (body.status !== 0) throw new Error(`${path}: ${res.status}`);
  return body.data;
}

/** The round id the operator's create command answers ("round 3 created (tx ...)"). */
function roundOf(output: string): number {
  const id = /round (\d+) created/.exec(output)?.[1];
  if (!id) throw new Error(`no round in: ${output}`);
  return Number(id);
}

/** Landing page -> BinFi menu -> BinFi -> the round's card -> the side's detail. */
async function openRound(page: Page, fundId: number, side: 'supply' | 'take') {
  await page.goto('/');
  await page.getByTestId('nav-menu-binfi').click();
  await page.getByRole('menuitem', { name: 'BinFi', exact: true }).click();
  await expect(page).toHaveURL(/\/bin-fi$/);
  const card = page.locator(`[data-testid="binfi-card"][data-id="${fundId}"]`);
  await expect(card).toHaveAttribute('data-state', 'fundraising', { timeout: 30_000 });
  await card.getByTestId(`binfi-card-open-${side}`).click();
  await expect(page).toHaveURL(new RegExp(`/bin-fi/detail/${fundId}/${side}`));
  await expect(page.getByTestId('binfi-detail')).toHaveAttribute('data-state', 'fundraising');
  // the calculator answers for both sides from the server (100 USDT a unit)
  const calc = page.getByTestId('binfi-calculator');
  await calc.getByTestId('binfi-calc-units').fill('2');
  for (const estimate of ['supply', 'take'] as const) {
    await expect(calc.getByTestId(`binfi-calc-${estimate}-invested`)).toHaveText('200.00 USDT');
    await expect(calc.getByTestId(`binfi-calc-${estimate}-payout`)).toHaveText(
      /^[\d,]+\.\d\d USDT$/,
    );
  }
}

/** Connect the wallet, order `units`, tick the consents, and follow approve + order to Done. */
async function order(page: Page, side: 'supply' | 'take', units: number) {
  const form = page.getByTestId('binfi-join-form');
  await connectIfAsked(
    page,
    form.getByTestId('binfi-join-connect'),
    form.getByTestId('binfi-join-submit'),
  );
  await form.getByTestId('binfi-join-units').fill(String(units));
  await expect(form.getByTestId('binfi-join-usdt')).toHaveText(`${units * 100}.00 USDT`);
  // more than five units is the spec's refusal
  await form.getByTestId('binfi-join-units').fill('6');
  await expect(form.getByTestId('binfi-join-units-error')).toHaveText(
    /5 units max per subscription|Only \d units can be ordered now\./,
  );
  await form.getByTestId('binfi-join-units').fill(String(units));
  const consents =
    side === 'take'
      ? ['notices', 'residency', 'identity', 'highRisk']
      : ['notices', 'residency', 'identity', 'redemption'];
  for (const consent of consents) await form.getByTestId(`binfi-consent-${consent}`).check();
  await form.getByTestId('binfi-join-submit').click();
  await expect(page.getByTestId('binfi-approve-usdt-progress')).toHaveAttribute(
    'data-state',
    'done',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('binfi-order-progress')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
  // the order shows in My funds once the indexer has its confirmations
  await expect(async () => {
    await mine(2);
    await expect(page.getByTestId('binfi-join-indexed')).toBeVisible({ timeout: 4_000 });
  }).toPass({ timeout: 60_000, intervals: [0] });
}

/**
 * The wallet reconnects by itself after a reload (wagmi's stored connection); a first visit
 * shows the connect button: RainbowKit's modal, the test wallet.
 */
async function connectIfAsked(page: Page, connect: Locator, ready: Locator) {
  await expect(connect.or(ready).first()).toBeVisible({ timeout: 30_000 });
  if (await connect.isVisible()) {
    await connect.click();
    await page.getByTestId('rk-wallet-option-dev.bcnt.testwallet').click();
    await expect(connect).toHaveCount(0, { timeout: 20_000 });
  }
}

/** After months on the clock the session has ended: the app says so, log in again. */
async function loginAgain(page: Page, member: ReturnType<typeof newIdentity>) {
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('loginInfo')), { timeout: 20_000 })
    .toBeNull();
  await loginInBrowser(page, member);
}

/** The member's order row of a round in My funds (polled while open). */
function orderRow(page: Page, fundId: number) {
  return page.locator(`[data-testid="binfi-order"][data-fund="${fundId}"]`);
}

/** Mines and reloads My funds until the row of `fundId` is in `state`. */
async function waitForOrderState(page: Page, fundId: number, state: string) {
  await expect(async () => {
    await mine(2);
    await expect(orderRow(page, fundId)).toHaveAttribute('data-state', state, { timeout: 4_000 });
  }).toPass({ timeout: 60_000, intervals: [0] });
}

test('two members supply and take from their wallets, the match refunds Rock, settlement pays both; a Rock redemption', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const rockWallet = ANVIL_ACCOUNTS[1]! as Address;
  const flameWallet = ANVIL_ACCOUNTS[2]! as Address;
  // round A: 3 Flame units on offer at 100 USDT (2x); round B: 1 unit, for the redemption
  const roundA = roundOf(
    await ops('binfi', 'create', '--price', '100', '--capacity', '3', '--raise-days', '1'),
  );
  const roundB = roundOf(
    await ops('binfi', 'create', '--price', '100', '--capacity', '1', '--raise-days', '1'),
  );

  const rock = await memberWithWallet(page, 'BinfiRock', rockWallet);
  await makePremier(page, rock);
  const flameContext = await browser.newContext();
  const flamePage = await flameContext.newPage();
  const flame = await memberWithWallet(flamePage, 'BinfiFlame', flameWallet);
  await makePremier(flamePage, flame);

  // Rock supplies 3 units (300 USDT), Flame takes 1 (100 USDT), both from the landing page
  const rockStart = await usdtBalance(rockWallet);
  const flameStart = await usdtBalance(flameWallet);
  await openRound(page, roundA, 'supply');
  await order(page, 'supply', 3);
  await openRound(flamePage, roundA, 'take');
  await order(flamePage, 'take', 1);
  expect(await usdtBalance(rockWallet)).toBe(rockStart - usdt('300'));
  expect(await usdtBalance(flameWallet)).toBe(flameStart - usdt('100'));

  // round B's orders straight from the wallets (its subject is the redemption below)
  for (const [wallet, fn] of [
    [rockWallet, 'supply'],
    [ANVIL_ACCOUNTS[4]! as Address, 'take'],
  ] as const) {
    await waitForReceipt(
      await sendFrom(wallet, {
        address: USDT,
        abi: erc20Abi,
        functionName: 'approve',
        args: [POOL, usdt('100')],
      }),
    );
    await waitForReceipt(
      await sendFrom(wallet, {
        address: POOL,
        abi: binFiPoolAbi,
        functionName: fn,
        args: [BigInt(roundB), 1n, 0, '0x0000000000000000000000000000000000000000', 0n, '0x'],
      }),
    );
  }

  // My funds: the order is there, fundraising, from the landing page's menu
  await page.goto('/bin-fi/my-fund');
  await waitForOrderState(page, roundA, 'fundraising');
  await expect(orderRow(page, roundA).getByTestId('binfi-order-amount')).toHaveText('300.00 USDT');

  // the raise ends, the operator matches: Rock is the larger side, 2 of its 3 units unmatched
  await advanceTime(DAY_SECONDS + 60);
  await ops('binfi', 'run');
  await waitForOrderState(page, roundA, 'raised');
  await expect(orderRow(page, roundA).getByTestId('binfi-order-units')).toHaveText('1 / 3');
  await expect(orderRow(page, roundA).getByTestId('binfi-order-claimable')).toHaveText(
    '200.00 USDT',
  );
  await expect(page.getByTestId('binfi-refund-notice').first()).toContainText('200.00 USDT');

  // Rock claims the refund from the wallet before the next day's batch
  const beforeClaim = await usdtBalance(rockWallet);
  const actions = orderRow(page, roundA).getByTestId('binfi-order-actions');
  await connectIfAsked(
    page,
    actions.getByTestId('binfi-order-connect'),
    actions.getByTestId('binfi-order-claim'),
  );
  await actions.getByTestId('binfi-order-claim').click();
  await expect(actions.getByTestId('binfi-claim-progress')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
  expect(await usdtBalance(rockWallet)).toBe(beforeClaim + usdt('200'));
  await expect(async () => {
    await mine(2);
    await expect(orderRow(page, roundA).getByTestId('binfi-order-received')).toHaveText(
      '200.00 USDT',
      { timeout: 4_000 },
    );
  }).toPass({ timeout: 60_000, intervals: [0] });

  // the next day the job starts both rounds
  await advanceTime(DAY_SECONDS + 60);
  await ops('binfi', 'run');
  await waitForOrderState(page, roundB, 'running');

  // Rock redeems round B early: an irreversible confirmation, then the operator's payment
  const beforeRedeem = await usdtBalance(rockWallet);
  const rowB = orderRow(page, roundB);
  await rowB.getByTestId('binfi-order-redeem').click();
  const dialog = page.getByTestId('binfi-redeem-dialog');
  await expect(dialog).toContainText('30 to 60 minutes');
  await expect(dialog.getByTestId('binfi-redeem-confirm')).toBeDisabled();
  await dialog.getByTestId('binfi-redeem-understood').check();
  await dialog.getByTestId('binfi-redeem-confirm').click();
  await expect(rowB.getByTestId('binfi-redeem-progress')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
  await waitForOrderState(page, roundB, 'redeemed');
  // the operator's redemption job pays it (capital and the interest accrued): the notice names
  // the amount and the wallet received exactly that
  const notice = page.getByTestId('binfi-redemption-notice');
  await expect(async () => {
    await mine(2);
    await expect(notice).toContainText('paid', { timeout: 4_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  const redeemed = /paid ([\d,.]+) USDT/.exec((await notice.textContent()) ?? '')?.[1];
  expect(redeemed).toBeDefined();
  // the notice shows 2 places, cut towards zero
  const redemption = (await usdtBalance(rockWallet)) - beforeRedeem;
  expect(redemption).toBeGreaterThanOrEqual(usdt(redeemed!.replace(/,/g, '')));
  expect(redemption).toBeLessThan(usdt(redeemed!.replace(/,/g, '')) + usdt('0.01'));

  // the clock runs past the maturity (six months): the jobs fund Rock's reward months, close
  // Flame's position and settle; each wallet receives its matched unit x the side's per-unit
  // payouts the round publishes (refund aside)
  const rockBefore = await usdtBalance(rockWallet);
  const flameBefore = await usdtBalance(flameWallet);
  await advanceTime(190 * DAY_SECONDS);
  let paid = { rock: 0n, flame: 0n };
  await expect(async () => {
    await mine(2);
    await ops('binfi', 'run');
    const [rockSide, flameSide] = await Promise.all([
      sideOf(roundA, 'supply'),
      sideOf(roundA, 'take'),
    ]);
    expect(rockSide.round.state).toBe('settled');
    paid = { rock: usdt(rockSide.paidPerUnit), flame: usdt(flameSide.paidPerUnit) };
    expect(await usdtBalance(rockWallet)).toBe(rockBefore + paid.rock);
    expect(await usdtBalance(flameWallet)).toBe(flameBefore + paid.flame);
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  // Rock got its capital back and its interest
  expect(paid.rock).toBeGreaterThan(usdt('100'));

  // both see the round settled in My funds (after days on the clock: log in again)
  const shown = (units: bigint) =>
    `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'trunc' } as Intl.NumberFormatOptions).format(Number(units) / 1e6)} USDT`;
  for (const [memberPage, member, received] of [
    [page, rock, shown(usdt('200') + paid.rock)],
    [flamePage, flame, shown(paid.flame)],
  ] as const) {
    await loginAgain(memberPage, member);
    await memberPage.goto('/bin-fi/my-fund');
    await waitForOrderState(memberPage, roundA, 'settled');
    await expect(orderRow(memberPage, roundA).getByTestId('binfi-order-received')).toHaveText(
      received,
    );
  }
  await flameContext.close();
});
