// The onboarding tour on Landing (`/?mode=new`) for a logged-in member on the real stack: four
// steps, Previous disabled at the start, dots on steps 0-2, Done on step 3 with the navigation
// bar lifted above the overlay; Verify (members without any KYC result) opens /kyc?step=upload
// in a new tab after storing backTo; closing removes `mode` from the URL.
import { expect, test, type Page } from './fixtures/test';
import enOnboarding from '../src/i18n/locales/en-US/onboarding.json' with { type: 'json' };
import { newIdentity, registerViaApi } from './fixtures/auth';
import { loginInBrowser } from './fixtures/member';
import { ops } from './fixtures/stack';

const KYC2_ROLE = 64;

const tour = (page: Page) => page.getByTestId('onboarding');

async function expectStep(page: Page, step: number) {
  await expect(tour(page)).toHaveAttribute('data-step', String(step));
  await expect(page.getByRole('dialog')).toContainText(
    enOnboarding[`step${step}.title` as keyof typeof enOnboarding],
  );
}

/**
 * Whether the nav bar is painted above the dialog's overlay: a hit test near the bar's left end
 * finds the bar, not the overlay. The modal dialog turns pointer events off outside itself,
 * which hit testing honours, so the bar takes them back for the moment of the test.
 */
function navBarOnTop(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('[data-testid="nav-bar"]');
    if (!bar) return false;
    const before = bar.style.pointerEvents;
    bar.style.pointerEvents = 'auto';
    try {
      const box = bar.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return hit !== null && bar.contains(hit);
    } finally {
      bar.style.pointerEvents = before;
    }
  });
}

async function storedRoleId(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Number(
        (JSON.parse(localStorage.getItem('loginInfo') ?? '{}') as { roleId?: unknown }).roleId,
      ) || 0,
  );
}

test('a new member walks the tour; Verify opens the upload step in a new tab; Done closes it', async ({
  page,
}) => {
  const member = newIdentity('Tour');
  await registerViaApi(member);
  await loginInBrowser(page, member);
  await page.goto('/?mode=new');

  await expectStep(page, 0);
  await expect(page.getByTestId('onboarding-prev')).toBeDisabled();
  for (const dot of [0, 1, 2, 3]) {
    await expect(page.getByTestId(`onboarding-dot-${dot}`)).toBeVisible();
  }
  await expect(page.getByTestId('onboarding-dot-0')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('onboarding-done')).toHaveCount(0);
  await expect(page.getByTestId('onboarding-verify')).toHaveCount(0);

  await page.getByTestId('onboarding-next').click();
  await expectStep(page, 1);
  await expect(page.getByTestId('onboarding-prev')).toBeEnabled();
  await expect(page.getByTestId('onboarding-dot-1')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('onboarding-dot-0')).not.toHaveAttribute('aria-current', 'step');

  // no KYC result yet: Verify, a link to the upload step in a new tab
  const verify = page.getByTestId('onboarding-verify');
  await expect(verify).toBeVisible();
  await expect(verify).toHaveAttribute('target', '_blank');
  const popupOpened = page.waitForEvent('popup');
  await verify.click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/kyc\?step=upload$/);
  // nothing saved yet, so the KYC page opens on the personal step and says why
  await expect(popup.getByTestId('kyc-personal-first')).toBeVisible();
  // the return target was stored the way the login flow stores backTo
  const backTo = await page.evaluate(() => localStorage.getItem('backTo'));
  expect(JSON.parse(backTo ?? 'null')).toEqual({ name: 'Landing', query: { mode: 'new' } });
  await popup.close();

  // the tour waits where it was
  await expectStep(page, 1);
  await expect(page).toHaveURL(/[?&]mode=new\b/);
  await page.getByTestId('onboarding-prev').click();
  await expectStep(page, 0);
  await page.getByTestId('onboarding-next').click();
  await page.getByTestId('onboarding-next').click();
  await expectStep(page, 2);
  await expect(page.getByTestId('onboarding-dot-2')).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('html')).not.toHaveAttribute('data-nav-highlight');
  expect(await navBarOnTop(page)).toBe(false);

  // the last step: Done instead of Next, no dots, the navigation bar highlighted above the overlay
  await page.getByTestId('onboarding-next').click();
  await expectStep(page, 3);
  await expect(page.getByTestId('onboarding-next')).toHaveCount(0);
  await expect(page.getByTestId('onboarding-dot-0')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-nav-highlight', 'true');
  await expect.poll(() => navBarOnTop(page)).toBe(true);

  await page.getByTestId('onboarding-done').click();
  await expect(tour(page)).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('mode'));
  await expect(page.locator('html')).not.toHaveAttribute('data-nav-highlight');
  await expect(page.getByTestId('landing-page')).toBeVisible();
});

test('a verified member gets no Verify button; closing keeps the other query values', async ({
  page,
}) => {
  const member = newIdentity('TourVerified');
  await registerViaApi(member);
  await ops('member', 'verify', member.email);
  await loginInBrowser(page, member);
  // the tour decides from the stored member: the verified role bit rules the button out
  expect((await storedRoleId(page)) & KYC2_ROLE).toBe(KYC2_ROLE);

  await page.goto('/?utm_source=mail&mode=new');
  await expectStep(page, 0);
  await page.getByTestId('onboarding-next').click();
  await expectStep(page, 1);
  await expect(page.getByRole('dialog')).not.toContainText(enOnboarding['step1.verifyHint']);
  await expect(page.getByTestId('onboarding-verify')).toHaveCount(0);

  await page.getByTestId('onboarding-close').click();
  await expect(tour(page)).toHaveCount(0);
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/' &&
      !url.searchParams.has('mode') &&
      url.searchParams.get('utm_source') === 'mail',
  );
});
