// The risk questionnaire on the real stack: a verified member goes from the landing page's
// member menu to the questionnaire, leaves halfway and resumes where they were, fills every step
// to a result (Conservative), then opens an earn product of risk level 4 and is asked to
// acknowledge the risk before Confirm; the subscription goes through once acknowledged. And the
// questionnaire at 375 px without horizontal overflow, axe-clean.
import { expect, test, type Page } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { serverDay } from './fixtures/earn';
import { depositUsdt, loginInBrowser, markVerified } from './fixtures/member';
import { ops } from './fixtures/stack';
import { expectAxeClean, overflow } from './fixtures/page-checks';

/** A USDT Stable Income product of risk level 4, raising from the server's today. */
async function riskyProduct(): Promise<string> {
  const created = JSON.parse(
    await ops(
      'product',
      'create',
      '--json',
      '--kind',
      'fixed',
      '--currency',
      'USDT',
      '--name',
      'Risk four USDT',
      '--period',
      '3',
      '--per-unit',
      '100',
      '--min-unit',
      '10',
      '--max-unit',
      '100',
      '--risk',
      '4',
      '--raise-start',
      await serverDay(0),
      '--raise-end',
      await serverDay(5),
      '--start',
      await serverDay(5),
    ),
  ) as { serialNumber: string };
  await ops('product', 'open', created.serialNumber);
  return created.serialNumber;
}

/** Chooses an option of a single-choice step by its label and goes on. */
async function answer(page: Page, step: string, label: string) {
  await expect(page.getByTestId(`questionnaire-step-${step}`)).toBeVisible();
  await page.getByRole('radio', { name: label, exact: true }).check();
  await page.getByTestId('questionnaire-next').click();
}

test('a member fills the questionnaire from the landing page, then acknowledges the risk of a product above it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = newIdentity('Questionnaire');
  await registerViaApi(member);
  await markVerified(member);
  const sn = await riskyProduct();
  await loginInBrowser(page, member);
  await depositUsdt(page, '2000', '2,000.00');

  // from the landing page: the member menu's Risk questionnaire
  await page.goto('/');
  await page.getByTestId('nav-user-menu').click();
  await page.getByRole('menuitem', { name: 'Risk questionnaire' }).click();
  await expect(page).toHaveURL(/\/risk-questionnaire$/);
  await expectAxeClean(page, 'questionnaire intro');
  await page.getByTestId('questionnaire-start').click();

  // basic info
  await expect(page).toHaveURL(/\/risk-questionnaire\/basic-info$/);
  const country = page.getByTestId('questionnaire-country');
  await country.click();
  await country.pressSequentially('Taiw');
  await page.getByTestId('questionnaire-country-option-TW').click();
  await page.getByTestId('questionnaire-age').selectOption({ label: '60 or older' });
  await page.getByTestId('questionnaire-maritalStatus').selectOption({ label: 'Married' });
  await page
    .getByTestId('questionnaire-education')
    .selectOption({ label: 'College or university' });
  await page.getByTestId('questionnaire-next').click();
  await answer(page, 'industry', 'Education');
  await expectAxeClean(page, 'a questionnaire step');
  await answer(page, 'job', 'Retired or unemployed');
  // the job's answer is saved once the next step shows (leaving before that loses it)
  await expect(page.getByTestId('questionnaire-step-occupation-risks')).toBeVisible();

  // the member leaves and comes back: the answers were saved, the questionnaire resumes
  await page.goto('/');
  await page.getByTestId('nav-user-menu').click();
  await page.getByRole('menuitem', { name: 'Risk questionnaire' }).click();
  await page.getByTestId('questionnaire-resume').click();
  await expect(page).toHaveURL(/\/risk-questionnaire\/occupation-risks$/);
  await page.getByTestId('questionnaire-back').click();
  await expect(page.getByRole('radio', { name: 'Retired or unemployed' })).toBeChecked();
  await page.getByTestId('questionnaire-next').click();

  await expect(page.getByTestId('questionnaire-step-occupation-risks')).toBeVisible();
  await page.getByTestId('questionnaire-none').check();
  await page.getByTestId('questionnaire-next').click();
  await answer(page, 'income', 'Under 15,000 USD');
  await answer(page, 'purpose', 'Preserve my capital');
  await answer(page, 'liquid-capital', 'Under 10,000 USD');
  await answer(page, 'expected-return', 'Up to 3%');
  await expect(page.getByTestId('questionnaire-step-products-used')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Bank deposits' }).check();
  await page.getByTestId('questionnaire-next').click();
  await answer(page, 'monthly-loss', 'Under 10,000');
  await answer(page, 'lock-up', 'Under 1 month');

  // the result: Conservative, valid a year, no product of level 4 among the suited ones
  await expect(page).toHaveURL(/\/risk-questionnaire\/result$/);
  await expect(page.getByTestId('questionnaire-risk-type')).toHaveText('Conservative');
  await expect(page.getByTestId('questionnaire-valid-until')).toContainText('Valid until');
  await expect(page.getByTestId('questionnaire-suited')).toBeVisible();
  await expect(page.getByTestId('questionnaire-suited').getByText('Risk four USDT')).toHaveCount(0);
  await expectAxeClean(page, 'questionnaire result');

  // the product of risk level 4: the join form asks for the acknowledgement
  await page.goto(`/fixed/${sn}`);
  await expect(page.getByTestId('earn-detail-sn')).toHaveText(sn);
  await page.getByTestId('earn-join-open').click();
  await page.getByTestId('earn-join-units').fill('10');
  for (const box of await page.locator('[data-testid^="earn-consent-"]').all()) await box.check();
  const ack = page.getByTestId('earn-risk-ack');
  await expect(ack).toBeVisible();
  await expect(page.getByTestId('earn-risk-ack-reason')).toHaveText(
    'This product is risk level 4 of 5, above your risk type (Conservative, 1 of 5).',
  );
  await expect(page.getByTestId('earn-risk-ack-take')).toHaveAttribute(
    'href',
    `/risk-questionnaire?back=${encodeURIComponent(`/fixed/${sn}`)}`,
  );
  await expectAxeClean(page, 'the join form with the risk acknowledgement');
  await page.getByTestId('earn-join-confirm').click();
  await expect(page.getByTestId('earn-risk-ack-error')).toHaveText(
    'Please acknowledge the risk to subscribe.',
  );
  await expect(page.getByTestId('earn-join-success')).toHaveCount(0);
  await page.getByTestId('earn-risk-ack-checkbox').check();
  await page.getByTestId('earn-join-confirm').click();
  await expect(page.getByTestId('earn-join-success')).toBeVisible({ timeout: 20_000 });
});

test('the questionnaire on a 375 px phone: nothing wider than the screen', async ({ page }) => {
  test.setTimeout(90_000);
  const member = newIdentity('QuestionnairePhone');
  await registerViaApi(member);
  await markVerified(member);
  await loginInBrowser(page, member);
  await page.setViewportSize({ width: 375, height: 740 });
  // from the landing page: the folded nav bar's account menu
  await page.goto('/');
  await expect(page.getByTestId('landing-hero')).toBeVisible();
  const panel = page.getByTestId('nav-panel');
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('nav-user-menu').click();
  await page.getByRole('menuitem', { name: 'Risk questionnaire' }).click();
  await expect(page).toHaveURL(/\/risk-questionnaire$/);
  await page.getByTestId('questionnaire-start').click();
  await expect(page.getByTestId('questionnaire-step-basic-info')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.goto('/risk-questionnaire/occupation-risks');
  await expect(page.getByTestId('questionnaire-step-occupation-risks')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAxeClean(page, 'a step with its error on a phone');
});
