// A new visitor's first visit, as a new user tries it, at desktop (1280 px) and phone (375 px)
// widths: land, find Sign up in the bar (or the phone menu), read the user agreement from the
// form, register and activate, log in from the bar, walk from the menu and the Account page to
// Security, identity verification and the loyalty program, switch to zh-TW (a fresh browser
// logging in sees zh-TW), then, verified, use the wallet tabs and Back. Every page axe-clean;
// the console guard (fixtures/test.ts) keeps the console clean throughout.
import { expect, test, type Page } from './fixtures/test';
import { newIdentity, waitForCode, waitForLink } from './fixtures/auth';
import { ops } from './fixtures/stack';
import { expectAxeClean } from './fixtures/page-checks';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 375, height: 740, phone: true },
] as const;

/** The bar's actions: in the bar on desktop, behind the burger on a phone. */
async function openNav(page: Page, phone: boolean) {
  if (!phone) return;
  const burger = page.getByTestId('nav-burger');
  const panel = page.getByTestId('nav-panel');
  // Right after a navigation the panel may still be closing (it closes on every route change):
  // press Menu until it is open, as a member would.
  await expect(async () => {
    if (!(await panel.isVisible())) await burger.click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

async function openUserMenuItem(page: Page, phone: boolean, name: RegExp) {
  await openNav(page, phone);
  await page.getByTestId('nav-user-menu').click();
  await page.getByRole('menuitem', { name }).click();
}

for (const viewport of WIDTHS) {
  test.describe(`first visit on ${viewport.name}`, () => {
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor signs up, logs in and finds every screen', async ({ page, browser }) => {
      const member = newIdentity(`First${viewport.name}`);

      // ---- lands, finds Sign up ----
      await page.goto('/');
      await expect(page.getByTestId('landing-hero')).toBeVisible();
      await expect(page.getByTestId('landing-hero-signup')).toBeVisible();
      await expectAxeClean(page, 'landing');
      if (viewport.phone) await expect(page.getByTestId('nav-signup')).toBeHidden();
      await openNav(page, viewport.phone);
      await page.getByTestId('nav-signup').click();
      await expect(page.getByTestId('register-form')).toBeVisible();
      // the sign-in screens do not offer themselves
      await expect(page.getByTestId('nav-signup')).toHaveCount(0);
      await expectAxeClean(page, 'register');

      // ---- reads the user agreement from the form (a new tab: the form is kept) ----
      const [agreement] = await Promise.all([
        page.context().waitForEvent('page'),
        page
          .getByTestId('register-form')
          .getByRole('link', { name: /user agreement/i })
          .first()
          .click(),
      ]);
      await expect(agreement.getByRole('heading', { level: 1 })).toContainText(/user agreement/i);
      await agreement.close();

      // ---- registers and activates ----
      await page.getByTestId('register-username').fill(member.userName);
      await page.getByTestId('register-email').fill(member.email);
      await page.getByTestId('register-country').selectOption('TW');
      await page.getByTestId('register-mobile').fill(member.mobile.replace('+886', ''));
      await page.getByTestId('register-password').fill(member.password);
      await page.getByTestId('register-confirm-password').fill(member.password);
      await page.getByTestId('register-agreement').check();
      await page.getByTestId('register-privacy').check();
      const since = Date.now();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-verify')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('verify-email-code-0').fill(await waitForCode(member.email, since));
      await expect(page.getByTestId('verify-email-done')).toBeVisible();
      await page.getByTestId('verify-mobile-code-0').fill(await waitForCode(member.mobile, since));
      await expect(page.getByTestId('register-success')).toBeVisible();

      // ---- logs in from the bar (back on the landing page: the Register screen itself does
      // not offer Log in in the bar) ----
      await page.getByTestId('nav-logo').click();
      await expect(page.getByTestId('landing-hero')).toBeVisible();
      await openNav(page, viewport.phone);
      await page.getByTestId('nav-login').click();
      await expect(page.getByTestId('login-page')).toBeVisible();
      await page.getByTestId('login-email').fill(member.email);
      await page.getByTestId('login-password').fill(member.password);
      await page.getByTestId('login-submit').click();
      await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
      await openNav(page, viewport.phone);
      await expect(page.getByTestId('nav-user-menu')).toBeVisible();
      await expect(page.getByTestId('nav-login')).toHaveCount(0);

      // ---- not verified: the menu holds Account, and Account leads everywhere ----
      await page.getByTestId('nav-user-menu').click();
      await expect(page.getByRole('menuitem')).toHaveText([/account/i, /log out/i]);
      await page.getByRole('menuitem', { name: /account/i }).click();
      const next = page.getByTestId('account-next-steps');
      await expect(next).toHaveAttribute('data-state', 'unverified');
      await expectAxeClean(page, 'account');

      await next.getByTestId('account-next-security').click();
      await expect(page).toHaveURL(/\/security\?tab=two-step$/);
      await expect(page.getByTestId('two-step-method')).toBeVisible();
      await page.goBack();

      await page.getByTestId('account-next-verify-link').click();
      await expect(page).toHaveURL(/\/kyc/);
      await expect(page.getByTestId('kyc-page')).toBeVisible();
      await page.goBack();

      await page.getByTestId('account-next-loyaltyProgram').click();
      await expect(page).toHaveURL(/\/loyalty-program$/);
      await expect(page.getByTestId('loyalty-program-page')).toBeVisible();
      await page.goBack();

      await page.getByTestId('account-next-bcnt').click();
      await expect(page).toHaveURL(/\/bcnt/);
      await page.goBack();
      await expect(next).toBeVisible();

      // ---- switches to zh-TW; a fresh browser logging in sees zh-TW ----
      await openNav(page, viewport.phone);
      await page.getByTestId('language-select').selectOption('zh-TW');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
      await expect(page.getByTestId('account-next-steps')).toContainText('開始使用');

      const other = await browser.newContext({ viewport: { width: viewport.width, height: 800 } });
      const otherPage = await other.newPage();
      await otherPage.goto('/login');
      await expect(otherPage.locator('html')).toHaveAttribute('lang', 'en-US');
      const logInOther = async () => {
        await otherPage.getByTestId('login-email').fill(member.email);
        await otherPage.getByTestId('login-password').fill(member.password);
        await otherPage.getByTestId('login-submit').click();
      };
      // a new device: the member opens the link e-mailed to them, then logs in
      const deviceSince = Date.now();
      await logInOther();
      await expect(otherPage.getByTestId('login-device-authorization')).toBeVisible();
      const link = new URL(await waitForLink(member.email, '/authorizeLoginDevice', deviceSince));
      await otherPage.goto(link.pathname + link.search);
      await expect(otherPage.getByTestId('authorize-device-success')).toBeVisible();
      await otherPage.goto('/login');
      await logInOther();
      await expect(otherPage.locator('html')).toHaveAttribute('lang', 'zh-TW', {
        timeout: 30_000,
      });
      await other.close();

      // ---- verified (the operator approves): Wallet in the menu, tabs in the URL, Back ----
      await ops('member', 'verify', member.email);
      // the member comes back later: a fresh load of the app
      await page.goto('/');
      await openUserMenuItem(page, viewport.phone, /帳戶/);
      await expect(page.getByTestId('account-next-steps')).toHaveAttribute(
        'data-state',
        'verified',
      );
      await openUserMenuItem(page, viewport.phone, /錢包/);
      await expect(page).toHaveURL(/\/wallet\?tab=deposit$/);
      await expect(page.getByTestId('wallet-tab-deposit')).toHaveAttribute('aria-selected', 'true');
      await expectAxeClean(page, 'wallet');
      await page.getByTestId('wallet-tab-withdrawal').click();
      await expect(page).toHaveURL(/tab=withdrawal/);
      await page.getByTestId('wallet-tab-convert').click();
      await expect(page).toHaveURL(/tab=convert/);
      await expect(page.getByTestId('wallet-tab-convert')).toBeInViewport();
      await page.goBack();
      await expect(page).toHaveURL(/tab=withdrawal/);
      await expect(page.getByTestId('wallet-tab-withdrawal')).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.goBack();
      await expect(page.getByTestId('wallet-tab-deposit')).toHaveAttribute('aria-selected', 'true');
      // nothing is cut off: the page never scrolls sideways
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
    });
  });
}
