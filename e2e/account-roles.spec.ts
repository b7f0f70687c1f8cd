import { expect, test } from './fixtures/test';
import { newIdentity, readOutbox, registerViaApi } from './fixtures/auth';
import { ops } from './fixtures/stack';

test('a member without the Investor role is offered it at login and gets it', async ({ page }) => {
  const member = newIdentity('Trader');
  await registerViaApi(member);
  await ops('member', 'roles', member.email, '--set', '0');

  await page.goto('/login');
  await page.getByTestId('login-email').fill(member.email);
  await page.getByTestId('login-password').fill(member.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('investor-offer')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('investor-offer-accept').click();
  // the session exists behind the offer: the offer closes once the role is granted
  await expect(page.getByTestId('investor-offer')).toHaveCount(0);
  await expect(page.getByTestId('nav-user-menu')).toBeVisible();

  const shown = await ops('member', 'show', member.email, '--json');
  expect(JSON.parse(shown).roleId & 2, 'the Investor bit is set').toBe(2);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}'));
  expect(stored.roleId & 2).toBe(2);
});

test('the dev outbox lists the messages in the browser', async ({ page }) => {
  const member = newIdentity('Outbox');
  await registerViaApi(member);
  const [latest] = await readOutbox(member.email);
  expect(latest?.code).toMatch(/^\d{6}$/);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(member.email)}`);
  await expect(page.getByText(latest!.code!).first()).toBeVisible();
});
