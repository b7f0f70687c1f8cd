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

  // a friend signs up with the code and is identity-verified; the job records them
  const friend = newIdentity('Friend');
  await registerViaApi(friend, { referralCode: code });
  await markVerified(friend);
  expect(await ops('referral', 'run')).toContain('Friends at level 1: 1 (1 counted');

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
