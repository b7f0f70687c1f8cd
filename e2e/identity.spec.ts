// Identity and security in the browser against the real API: a member registers, verifies both
// contacts from the dev outbox, logs in, turns on the authenticator and logs in with a code;
// members with the authenticator on authorise and revoke a second device, change and recover the
// password, link the injected wallet by signature and sign in with it.
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures/test';
import { ANVIL_ACCOUNTS } from '../src/shared/constants/chain';
import { newIdentity, registerViaApi, totpCode, waitForCode, waitForLink } from './fixtures/auth';
import { accessToken, enableAuthenticatorViaApi, loginInBrowser } from './fixtures/member';
import { stack } from './fixtures/stack';
import { installTestWallet } from './fixtures/test-wallet';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const member = newIdentity('Journey');
const password = member.password;
let totpSecret = '';
const wallet = ANVIL_ACCOUNTS[3]!;

// One browser for the whole journey, as a member has: the registering browser is the account's
// first (authorised) device, and a second context plays a new device.
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
});

async function fillCode(page: Page, testId: string, code: string) {
  await page.getByTestId(`${testId}-0`).fill(code);
}

async function logIn(page: Page, email: string, secret: string) {
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  if (await page.getByTestId('nav-user-menu').isVisible()) await logOut(page);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(secret);
  await page.getByTestId('login-submit').click();
}

async function logOut(page: Page) {
  const menu = page.getByTestId('nav-user-menu');
  await menu.click();
  await page.getByRole('menuitem', { name: /log out/i }).click();
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByTestId('nav-user-menu')).toHaveCount(0);
}

/** Picks the test wallet in RainbowKit's modal when it asks (a connected wallet skips it). */
async function chooseTestWallet(page: Page) {
  const option = page.getByTestId('rk-wallet-option-dev.bcnt.testwallet');
  const asked = await option
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (asked) await option.click();
}

async function expectLoggedIn(page: Page) {
  await expect(page.getByTestId('nav-user-menu')).toBeVisible();
}

test('register and verify both contacts from the dev outbox', async () => {
  await page.goto('/register?refer=');
  await page.getByTestId('register-username').fill(member.userName);
  await page.getByTestId('register-email').fill(member.email);
  await page.getByTestId('register-country').selectOption('TW');
  await page.getByTestId('register-mobile').fill(member.mobile.replace('+886', ''));
  await page.getByTestId('register-password').fill('short1');
  await page.getByTestId('register-confirm-password').fill('different1');
  await expect(page.getByTestId('register-form')).toContainText(
    '8-128 characters with letter and number',
  );
  await expect(page.getByTestId('register-form')).toContainText('Passwords do not match.');
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-agreement').check();
  await page.getByTestId('register-privacy').check();
  const since = Date.now();
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('register-verify')).toBeVisible({ timeout: 30_000 });
  // a wrong code is refused with the spec's message
  await fillCode(page, 'verify-email-code', '000000');
  await expect(page.getByTestId('verify-email')).toContainText('The code is wrong.');
  await fillCode(page, 'verify-email-code', await waitForCode(member.email, since));
  await expect(page.getByTestId('verify-email-done')).toBeVisible();
  await fillCode(page, 'verify-mobile-code', await waitForCode(member.mobile, since));
  await expect(page.getByTestId('register-success')).toBeVisible();
});

test('log in and turn on the authenticator', async () => {
  await logIn(page, member.email, password);
  await expectLoggedIn(page);
  await page.goto('/security');
  await expect(page.getByTestId('two-step-method')).toHaveAttribute('data-method', 'none');
  await page.getByTestId('two-step-enable-totp').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  totpSecret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
  await fillCode(page, 'totp-code', await totpCode(totpSecret));
  await expect(page.getByTestId('two-step-submit')).toBeDisabled(); // the password too
  await page.getByTestId('two-step-password').fill(password);
  await page.getByTestId('two-step-submit').click();
  await page.getByTestId('two-step-confirm').getByTestId('confirm-accept').click();
  await expect(page.getByTestId('two-step-method')).toHaveAttribute('data-method', 'totp');
  await expect(page.getByTestId('withdrawal-lock-notice')).toBeVisible();
});

test('log out, then log in with the authenticator code', async () => {
  await logOut(page);
  await logIn(page, member.email, password);
  await expect(page.getByTestId('login-2fa-form')).toHaveAttribute('data-method', 'totp');
  await fillCode(page, 'login-2fa-code', await totpCode(totpSecret));
  await expectLoggedIn(page);
  await logOut(page);
  // a guarded page now sends to Login again
  await page.goto('/security');
  await expect(page).toHaveURL(/\/login\?back=Security/);
});

/**
 * Another member with the authenticator on (registered and turned on through the API), logged
 * in on a browser context of its own: its first device. The tests below each take one, so each
 * has the authenticator's codes to itself (a code's time step is accepted once per account; one
 * member for every test would wait for fresh 30-second steps).
 */
async function memberWithAuthenticator(browser: Browser, label: string) {
  const identity = newIdentity(label);
  await registerViaApi(identity);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginInBrowser(page, identity);
  const secret = await enableAuthenticatorViaApi(await accessToken(page), identity.password);
  return { identity, secret, context, page };
}

async function secondDevice(browser: Browser, email: string, password: string, secret: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const since = Date.now();
  await logIn(page, email, password);
  await expect(page.getByTestId('login-device-authorization')).toBeVisible();
  const link = await waitForLink(email, '/authorizeLoginDevice', since);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('authorize-device-success')).toBeVisible();
  await logIn(page, email, password);
  await fillCode(page, 'login-2fa-code', await totpCode(secret));
  await expectLoggedIn(page);
  return { context, page };
}

test('a new device is authorised by e-mail, listed, and revoked from the first device', async ({
  browser,
}) => {
  const first = await memberWithAuthenticator(browser, 'Devices');
  const { email, password } = first.identity;
  const other = await secondDevice(browser, email, password, first.secret);

  const page = first.page;
  await page.goto('/security?tab=activity');
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="device-row"][data-current="true"]')).toHaveCount(1);
  const otherRow = page.locator('[data-testid="device-row"]:not([data-current])');
  await otherRow.getByTestId('device-revoke').click();
  await page.getByTestId('device-revoke-confirm').getByTestId('confirm-accept').click();
  // only authorised devices are listed: the revoked one is gone
  await expect(rows).toHaveCount(1);
  await expect(
    page
      .getByTestId('activity-row')
      .filter({ hasText: /revoked/i })
      .first(),
  ).toBeAttached();

  // the revoked device's session ends at once: its next call is refused and it is sent away
  await other.page.goto('/security?tab=activity');
  await expect(other.page.getByTestId('security-page')).toHaveCount(0, { timeout: 20_000 });
  await expect(other.page.getByTestId('nav-user-menu')).toHaveCount(0);
  await other.context.close();
  await first.context.close();
});

test('change the password, then recover it through the e-mailed link', async ({ browser }) => {
  const { identity, context, page } = await memberWithAuthenticator(browser, 'Password');
  let password = identity.password;
  await page.goto('/account/change-password');
  const next = `${password}x2`;
  await page.getByTestId('password-current').fill(password);
  await page.getByTestId('password-new').fill(next);
  await page.getByTestId('password-confirm').fill(`${next}-typo`);
  await page.getByTestId('password-confirm').blur();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByTestId('password-confirm').fill(next);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-password-success')).toBeVisible();
  const old = password;
  password = next;
  await logOut(page);

  // the old password stops working
  await logIn(page, identity.email, old);
  await expect(page.getByTestId('login-error')).toBeVisible();

  // forgotten: recovered through the e-mailed link
  await page.goto('/forgot-password');
  await page.getByTestId('forgot-email').fill(identity.email);
  const since = Date.now();
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible({ timeout: 30_000 });
  const link = new URL(await waitForLink(identity.email, '/reset-password', since));
  await page.goto(link.pathname + link.search);
  const recovered = `Recovered${Date.now() % 100000}9`;
  await page.getByTestId('reset-password').fill(recovered);
  await page.getByTestId('reset-confirm-password').fill(recovered);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toBeVisible();
  // the link is single-use
  await page.goto(link.pathname + link.search);
  await page.getByTestId('reset-password').fill(`${recovered}0`);
  await page.getByTestId('reset-confirm-password').fill(`${recovered}0`);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-invalid')).toBeVisible();

  // 2FA is still required with the new password
  await logIn(page, identity.email, recovered);
  await expect(page.getByTestId('login-2fa-form')).toBeVisible();
  await context.close();
});

test('link the injected wallet by signature, then sign in with it', async ({ browser }) => {
  const { identity, secret, context, page } = await memberWithAuthenticator(browser, 'Wallet');
  await installTestWallet(page, { rpcUrl: stack.rpcUrl, account: wallet, chainId: stack.chainId });

  await page.goto('/security');
  await page.getByTestId('link-wallet').click();
  // re-authentication: the password and the authenticator's code before the wallet is asked
  await page.getByTestId('link-wallet-password').fill(identity.password);
  await fillCode(page, 'link-wallet-code', await totpCode(secret));
  await page.getByTestId('link-wallet-continue').click();
  await chooseTestWallet(page);
  await expect(page.getByTestId('link-wallet-status')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await expect(
    page.locator(`[data-testid="linked-wallet-row"][data-address="${wallet}" i]`),
  ).toBeVisible();
  await logOut(page);

  await page.goto('/login');
  await page.getByTestId('login-wallet-open').click();
  await chooseTestWallet(page);
  await expect(page.getByTestId('login-2fa-form')).toBeVisible({ timeout: 30_000 });
  await fillCode(page, 'login-2fa-code', await totpCode(secret));
  await expectLoggedIn(page);
  await context.close();
});
