// The partner (Coolbitx) referral program on the real stack. A member opens the partner entry from
// the landing page's Programs menu, reads the program, opens their partner referral and joins with
// a USDT (ERC20) address. A friend, a visitor on a 375 px phone, follows the same menu to the
// entry, signs up through the partner sign-up typing the partner's code, verifies both contacts
// and logs in; the partner's page lists them. Once the friend (identity-verified by the operator)
// subscribes 1,000 USDT to a Stable Income product, the API's scheduler runs the partner-rebates
// job and the partner's page shows the 0.4 % rebate (4 USDT). Every partner page on the phone:
// axe clean, nothing wider than the screen.
import type { Page } from '@playwright/test';
import { newIdentity, registerViaApi, waitForCode } from './fixtures/auth';
import { openStableIncome } from './fixtures/earn';
import { loginInBrowser, markVerified } from './fixtures/member';
import { expectAxeClean, overflow } from './fixtures/page-checks';
import { ops } from './fixtures/stack';
import { expect, test } from './fixtures/test';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The nav bar's menu `menu` (on a phone inside the folded menu), then its entry `entry`. */
async function openMenu(page: Page, menu: string, entry: RegExp | string, phone: boolean) {
  if (phone) {
    const panel = page.getByTestId('nav-panel');
    // the panel closes on every route change: press Menu until it is open, as a visitor would
    await expect(async () => {
      if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
      await expect(panel).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  await page.getByTestId(`nav-menu-${menu}`).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function checkPhonePage(page: Page, where: string) {
  expect(await overflow(page), `nothing wider than the screen on ${where}`).toBe(0);
  await expectAxeClean(page, where);
}

test('a partner joins from the landing page; a friend signs up with the code on a phone and subscribes; the rebate appears', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const partner = newIdentity('Partner');
  await registerViaApi(partner);
  const sn = await openStableIncome(`E2E Partner Stable ${Date.now().toString(36)}`, 2);

  // the partner, on a desktop: landing page -> Programs -> the partner entry -> my referral
  await loginInBrowser(page, partner);
  await page.goto('/');
  await expect(page.getByTestId('landing-hero')).toBeVisible();
  await openMenu(page, 'programs', 'Partner program (Coolbitx)', false);
  await expect(page).toHaveURL(/\/coolbitx\/referral\/entry$/);
  await expect(page.getByTestId('partner-figures')).toContainText('0.4%');
  await expect(page.getByTestId('partner-figures')).toContainText('500 USDT');
  await page.getByTestId('partner-entry-info').click();
  await expect(page).toHaveURL(/\/coolbitx\/referral\/info$/);
  await page.getByTestId('partner-address-input').fill(ADDRESS);
  await page.getByTestId('partner-address-submit').click();
  await expect(page.getByTestId('partner-address')).toHaveText(ADDRESS);
  const code = (await page.getByTestId('partner-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
  await expect(page.getByTestId('partner-referred')).toContainText('No one has joined');

  // the friend, a visitor on a phone: the same menu, the entry, the partner sign-up
  const friend = newIdentity('Friend');
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/');
  await expect(phone.getByTestId('landing-hero')).toBeVisible();
  await openMenu(phone, 'programs', 'Partner program (Coolbitx)', true);
  await expect(phone.getByTestId('partner-entry-page')).toBeVisible();
  await checkPhonePage(phone, 'the partner entry');
  await phone.getByTestId('partner-entry-sign-up').click();
  await expect(phone).toHaveURL(/\/coolbitx\/referral\/sign-up$/);
  await expect(phone.getByTestId('register-form')).toBeVisible();
  await checkPhonePage(phone, 'the partner sign-up');

  const since = Date.now();
  await phone.getByTestId('register-username').fill(friend.userName);
  await phone.getByTestId('register-email').fill(friend.email);
  await phone.getByTestId('register-country').selectOption('TW');
  await phone.getByTestId('register-mobile').fill(friend.mobile.replace('+886', ''));
  await phone.getByTestId('register-password').fill(friend.password);
  await phone.getByTestId('register-confirm-password').fill(friend.password);
  await phone.getByLabel('Partner code (optional)').fill(code.toLowerCase());
  await phone.getByTestId('register-agreement').check();
  await phone.getByTestId('register-privacy').check();
  await phone.getByTestId('register-submit').click();
  await expect(phone.getByTestId('register-verify')).toBeVisible({ timeout: 30_000 });
  await phone.getByTestId('verify-email-code-0').fill(await waitForCode(friend.email, since));
  await expect(phone.getByTestId('verify-email-done')).toBeVisible();
  await phone.getByTestId('verify-mobile-code-0').fill(await waitForCode(friend.mobile, since));
  await expect(phone.getByTestId('partner-sign-up-done')).toBeVisible();
  await checkPhonePage(phone, 'the end of the partner sign-up');

  // the friend logs in from there and lands on the partner referral page
  await phone.getByTestId('partner-sign-up-login').click();
  await phone.getByTestId('login-email').fill(friend.email);
  await phone.getByTestId('login-password').fill(friend.password);
  await phone.getByTestId('login-submit').click();
  await expect(phone).toHaveURL(/\/coolbitx\/referral\/info$/, { timeout: 30_000 });
  await expect(phone.getByTestId('partner-record')).toBeVisible();
  await checkPhonePage(phone, 'the partner referral page');

  // the partner's page lists the friend, with no rebate yet
  await page.reload();
  const referred = page.getByTestId('partner-referred');
  await expect(referred).toContainText(friend.userName);
  await expect(page.getByTestId('partner-accrued')).toHaveText('0 USDT');

  // the friend is identity-verified, deposits 1,000 USDT and subscribes to the Stable Income
  // product from the landing page's Services menu
  await markVerified(friend);
  await phone.goto('/wallet?tab=deposit');
  await phone.getByTestId('deposit-currency').selectOption('USDT');
  await phone.getByTestId('deposit-network').selectOption('TRC20');
  const address = (await phone.getByTestId('deposit-address').textContent())!.trim();
  await ops('deposits', 'simulate', '--network', 'TRC20', '--address', address, '--amount', '1000');
  await ops('deposits', 'confirm', '--network', 'TRC20', '--blocks', '12');
  await phone.goto('/');
  await openMenu(phone, 'services', /Stable Income/, true);
  const card = phone.locator(`[data-testid="earn-card"][data-sn="${sn}"]`);
  await card.getByTestId('earn-card-link').click();
  await expect(phone.getByTestId('earn-detail-sn')).toHaveText(sn);
  await phone.getByTestId('earn-join-open').click();
  await phone.getByTestId('earn-join-units').fill('10');
  await expect(phone.getByTestId('earn-join-amount')).toContainText('1,000');
  for (const box of await phone.locator('[data-testid^="earn-consent-"]').all()) await box.check();
  await phone.getByTestId('earn-risk-ack-checkbox').check();
  await phone.getByTestId('earn-join-confirm').click();
  await expect(phone.getByTestId('earn-join-success')).toBeVisible({ timeout: 20_000 });
  await phoneContext.close();

  // the scheduler's partner-rebates run accrues 0.4 % of 1,000 USDT to the partner
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('partner-accrued')).toHaveText('4 USDT', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(referred).toContainText('4 USDT');
});
