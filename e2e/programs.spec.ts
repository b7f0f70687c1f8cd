// The programs on the real stack: a member opens the referral program from the landing page's
// nav bar and sees their record (code, friends, the referred member at level 1 and qualified),
// the referral-rewards job having recorded the friend through the operator CLI. A visitor on a
// desktop and on a phone follows the Programs menu's Campaigns entry to a running campaign with
// its countdown and to an ended one.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { expectAxeClean, overflow } from './fixtures/page-checks';
import type { MemberSummary } from '../src/shared/api/auth';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { accessToken, loginInBrowser, markVerified } from './fixtures/member';
import { ops, stack } from './fixtures/stack';

async function referralCodeOf(token: string): Promise<string> {
  const res = await fetch(`${stack.baseUrl}/member/ico/getMemberInfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const body = (await res.json()) as { data: MemberSummary };
  if (!body.data?.referralCode) throw new Error(`getMemberInfo: ${res.status}`);
  return body.data.referralCode;
}

test('a member opens the referral program from the landing page and sees their record', async ({
  page,
}) => {
  const referrer = newIdentity('Referrer');
  await registerViaApi(referrer);
  await markVerified(referrer);
  await loginInBrowser(page, referrer);
  const code = await referralCodeOf(await accessToken(page));

  // a friend signs up with the code and is identity-verified; the job records them (the API's
  // scheduler may already have: the operator's run makes sure it has happened)
  const friend = newIdentity('Friend');
  await registerViaApi(friend, { referralCode: code });
  await markVerified(friend);
  expect(await ops('referral', 'run')).toContain('Friends at level 1:');

  await page.goto('/');
  await page.getByTestId('nav-menu-programs').click();
  await page.getByRole('menuitem', { name: 'Referral Program' }).click();
  await expect(page).toHaveURL(/\/referral-program$/);
  await expect(page.getByTestId('referral-rules')).toContainText('50 BCNT');
  await expect(page.getByTestId('referral-record-code')).toHaveText(code);
  await expect(page.getByTestId('referral-record-friends')).toHaveText(
    '1 signed up, 1 at level 1, 1 qualified',
  );
  await expect(page.getByTestId('referral-record-month')).toHaveText('1 of 35');
  await expect(page.getByTestId('referral-record-pending')).toHaveText('100.00 BCNT');
  const row = page.getByTestId('referred-member');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-qualified', 'true');
  await expect(row).toContainText('Qualified');
});

/** Opens the nav bar's Programs menu (on a phone inside the folded menu) and picks `entry`. */
async function openProgramsEntry(page: Page, entry: string, phone: boolean) {
  if (phone) {
    const panel = page.getByTestId('nav-panel');
    // the panel closes on every route change: press Menu until it is open, as a visitor would
    await expect(async () => {
      if (!(await panel.isVisible())) await page.getByTestId('nav-burger').click();
      await expect(panel).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  await page.getByTestId('nav-menu-programs').click();
  await page.getByRole('menuitem', { name: entry }).click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 375, height: 740, phone: true },
]) {
  test(`a visitor on a ${viewport.name} follows the Programs menu to a campaign with its countdown, and to an ended one`, async ({
    page,
  }) => {
    const id = `${viewport.name}-${Date.now().toString(36)}`;
    const day = 24 * 3600 * 1000;
    const texts = (title: string) => [
      '--title-en',
      title,
      '--title-tw',
      `${title} 活動`,
      '--title-zh',
      `${title} 活动`,
      '--summary-en',
      'Hold a subscription for 30 days to share the airdrop.',
      '--summary-tw',
      '持有申購 30 天即可參加空投。',
      '--summary-zh',
      '持有申购 30 天即可参加空投。',
    ];
    await ops(
      'campaign',
      'create',
      `airdrop-${id}`,
      '--kind',
      'event',
      ...texts(`Airdrop ${id}`),
      '--starts',
      new Date(Date.now() - day).toISOString(),
      '--ends',
      new Date(Date.now() + 3 * day).toISOString(),
      '--airdrop',
      '2000000',
      '--min-days',
      '30',
      '--min-amounts',
      'BTC=0.01,USDT=300',
    );
    await ops(
      'campaign',
      'create',
      `past-${id}`,
      '--kind',
      'limit_event',
      ...texts(`Past ${id}`),
      '--starts',
      '2021-09-06T02:00:00+08:00',
      '--ends',
      '2021-09-14T23:59:59+08:00',
    );

    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await openProgramsEntry(page, 'Campaigns', viewport.phone);
    await expect(page).toHaveURL(/\/event$/);
    const list = page.getByTestId('campaign-list');
    await list.getByRole('link', { name: `Airdrop ${id}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/event\\?slug=airdrop-${id}$`));
    await expect(page.getByRole('heading', { name: `Airdrop ${id}`, exact: true })).toBeVisible();
    await expect(page.getByTestId('campaign-state')).toHaveText('Ongoing');
    const timer = page.getByTestId('campaign-countdown');
    await expect(timer).toContainText(/Ends in\s*\d+ d \d\d:\d\d:\d\d/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '', { timeout: 5_000 });
    await expect(page.getByTestId('airdrop-rules')).toContainText(
      'Minimum subscription: 300 USDT.',
    );
    expect(await overflow(page), 'nothing wider than the screen').toBe(0);
    await expectAxeClean(page, `the campaign page (${viewport.name})`);

    // back to the list, where the ended campaign is listed after the running ones
    await page.goBack();
    await list.getByRole('link', { name: `Past ${id}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/limit-event\\?slug=past-${id}$`));
    await expect(page.getByTestId('campaign-ended')).toHaveText('This event has ended.');
    await expect(page.getByTestId('campaign-countdown')).toHaveCount(0);
    expect(await overflow(page), 'nothing wider than the screen').toBe(0);
  });
}
