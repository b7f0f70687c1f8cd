// A member gives the platform an exchange API key, on the real stack: the key is created on the
// local paper exchange (Bitfinex API v2, reached through ccxt by the API), found from the
// Security page, imported with the password again, checked on the exchange; a key that can
// withdraw is refused with the spec's text; a revoked key reads Incorrect after Check; and the
// key is deleted.
import { expect, test } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { loginInBrowser, markVerified } from './fixtures/member';
import { ops } from './fixtures/stack';

interface CreatedKey {
  apiKey: string;
  secret: string;
}

async function createKey(account: string, ...options: string[]): Promise<CreatedKey> {
  return JSON.parse(
    await ops('exchange', 'create-key', account, '--json', ...options),
  ) as CreatedKey;
}

test('import an exchange API key from the Security page, check it, and delete it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = newIdentity('Keys');
  await registerViaApi(member);
  await markVerified(member);
  const account = `e2e-${Date.now().toString(36)}`;
  const good = await createKey(account);
  const withdrawing = await createKey(`${account}-w`, '--permissions', 'withdraw:rw');

  await loginInBrowser(page, member);
  await page.getByTestId('nav-user-menu').click();
  await page.getByRole('menuitem', { name: /security/i }).click();
  await page.getByTestId('security-api-keys').click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByText('No API key yet.')).toBeVisible();

  async function importKey(name: string, key: CreatedKey) {
    await page.getByTestId('api-key-import-open').click();
    await page.getByTestId('api-key-name').fill(name);
    await page.getByTestId('api-key-key').fill(key.apiKey);
    await page.getByTestId('api-key-secret').fill(key.secret);
    await page.getByTestId('api-key-reauth-password').fill(member.password);
    await page.getByTestId('api-key-import-submit').click();
  }

  // a key with withdrawal rights is refused (on the key's field), nothing saved
  await importKey('Too much', withdrawing);
  await expect(page.getByTestId('api-key-import')).toContainText(
    'The API key must have only trade and signal permissions.',
  );
  await page.getByTestId('api-key-import-cancel').click();
  await expect(page.getByTestId('api-key-row')).toHaveCount(0);

  await importKey('Trading', good);
  await expect(page.getByTestId('api-key-import')).toHaveCount(0);
  const row = page.locator('[data-testid="api-key-row"][data-name="Trading"]');
  await expect(row).toHaveAttribute('data-status', 'correct');
  // the key is shown masked, the secret never
  await expect(row).not.toContainText(good.apiKey);
  await expect(page.getByTestId('api-keys-page')).not.toContainText(good.secret);

  // revoked on the exchange: Check finds it incorrect and says what to do
  await ops('exchange', 'revoke-key', good.apiKey);
  await row.getByTestId('api-key-check').click();
  await expect(row).toHaveAttribute('data-status', 'incorrect');
  await expect(row.getByTestId('api-key-status')).toContainText('Reset it on the exchange');

  await row.getByTestId('api-key-delete').click();
  await page.getByTestId('api-key-delete-confirm').getByTestId('confirm-accept').click();
  await expect(page.getByTestId('api-key-row')).toHaveCount(0);
});

test('on a 375 px phone: from the landing page through the menu to API keys, a key imported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = newIdentity('KeysPhone');
  await registerViaApi(member);
  await markVerified(member);
  const key = await createKey(`e2e-phone-${Date.now().toString(36)}`);

  await loginInBrowser(page, member);
  // the rest on the phone, from the landing page
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByTestId('landing-hero')).toBeVisible();
  const panel = page.getByTestId('nav-panel');
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('nav-user-menu').click();
  await page.getByRole('menuitem', { name: /security/i }).click();
  await page.getByTestId('security-api-keys').click();
  await expect(page).toHaveURL(/\/api-keys$/);

  await page.getByTestId('api-key-import-open').click();
  await page.getByTestId('api-key-name').fill('Phone key');
  await page.getByTestId('api-key-key').fill(key.apiKey);
  await page.getByTestId('api-key-secret').fill(key.secret);
  await page.getByTestId('api-key-reauth-password').fill(member.password);
  await page.getByTestId('api-key-import-submit').click();
  await expect(page.locator('[data-testid="api-key-row"][data-name="Phone key"]')).toHaveAttribute(
    'data-status',
    'correct',
  );
  // nothing wider than the phone
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
});
