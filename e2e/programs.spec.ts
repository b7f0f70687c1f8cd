// The programs on the real stack: a member opens the referral program from the landing page's
// nav bar and sees their record (code, friends, the referred member at level 1 and qualified),
// the referral-rewards job having recorded the friend through the operator CLI.
import { expect, test } from './fixtures/test';
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

test('a visitor opens a campaign page with its countdown; an ended campaign shows as ended', async ({
  page,
}) => {
  const id = Date.now().toString(36);
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
    ...texts('Airdrop'),
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
    ...texts('Past'),
    '--starts',
    '2021-09-06T02:00:00+08:00',
    '--ends',
    '2021-09-14T23:59:59+08:00',
  );

  await page.goto(`/event?slug=airdrop-${id}`);
  await expect(page.getByRole('heading', { name: 'Airdrop', exact: true })).toBeVisible();
  await expect(page.getByTestId('campaign-state')).toHaveText('Ongoing');
  const timer = page.getByTestId('campaign-countdown');
  await expect(timer).toContainText(/Ends in\s*\d+ d \d\d:\d\d:\d\d/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 5_000 });
  await expect(page.getByTestId('airdrop-rules')).toContainText('Minimum subscription: 300 USDT.');

  await page.goto(`/limit-event?slug=past-${id}`);
  await expect(page.getByTestId('campaign-ended')).toHaveText('This event has ended.');
  await expect(page.getByTestId('campaign-countdown')).toHaveCount(0);
});
