import { expect, test } from './fixtures/test';
import { ops } from './fixtures/stack';

test('a visitor sends the contact form and the request is stored', async ({ page }) => {
  const email = `visitor-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByTestId('landing-contact-button').click();
  const dialog = page.getByTestId('contact-us-dialog');
  await expect(dialog).toBeVisible();
  const submit = dialog.getByTestId('contact-us-submit');
  await expect(submit).toBeDisabled();

  await dialog.getByLabel(/name/i).first().fill('Ada Lovelace');
  await dialog.getByLabel(/phone/i).fill('+886 912 345 678');
  await dialog.getByLabel(/e-?mail/i).fill('not-an-email');
  await dialog.getByLabel(/e-?mail/i).blur();
  await expect(dialog).toContainText('Incorrect email format');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/e-?mail/i).fill(email);
  await dialog.getByLabel(/message/i).fill('Please tell me about Stable Income.');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(submit).toHaveText(/done/i);
  await expect(submit).toBeDisabled();
  // closes by itself about 3 seconds after success
  await expect(dialog).toBeHidden({ timeout: 6_000 });

  const listed = JSON.parse(await ops('contact', 'list', '--json')) as Array<{
    email: string;
    name: string;
  }>;
  const stored = listed.find((row) => row.email === email);
  expect(stored, 'the request is in the database').toBeTruthy();
  expect(stored?.name).toBe('Ada Lovelace');
});

test('the contact dialog opens from the type=contact-us query and works from the keyboard', async ({
  page,
}) => {
  await page.goto('/?type=contact-us');
  const dialog = page.getByTestId('contact-us-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // keyboard only: Tab to the hero's contact button and open it with Enter
  const button = page.getByTestId('landing-hero-contact');
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    if (await button.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/name/i).first()).toBeFocused();
});
