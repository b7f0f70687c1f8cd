// Campaigns defined through the operator commands: upcoming, running and ended by the server
// clock, and the airdrop qualification (a subscription held 30 days with the minimum amount)
// with the withdrawable BCNT when disqualified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../src/server/ops/commands';
import type { AirdropStatus, Campaign, CampaignList } from '../../src/shared/api/programs';
import type { TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY, earnHarness } from '../earn/earn-helpers';
import { fund } from '../wallet/convert-helpers';

let t: TestApp;
const earn = earnHarness(() => t);
let member: TestMember;

const texts = (title: string) => ({
  'title-en': title,
  'title-tw': `${title} tw`,
  'title-zh': `${title} zh`,
  'summary-en': 'What it is',
  'summary-tw': '活動說明',
  'summary-zh': '活动说明',
});
const create = (slug: string, input: Record<string, unknown>) =>
  runOpsCommand({ db: t.database.db, clock: t.clock }, 'campaign/create', { slug, ...input });

beforeAll(async () => {
  // Saturday 1 March 2025, 12:00 UTC+8
  t = await createTestApp();
  member = await earn.funded('5000');
  await fund(t, member.memberId, 'BCNT', '40');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('campaigns', () => {
  it('are created by operators and read by visitors, running, upcoming or ended', async () => {
    await create('spring-airdrop', {
      kind: 'event',
      ...texts('Spring airdrop'),
      starts: '2025-03-01T00:00:00+08:00',
      ends: '2025-04-15T00:00:00+08:00',
      airdrop: '2000000',
      'min-days': 30,
      'min-amounts': 'BTC=0.01,USDT=300',
    });
    await create('past-event', {
      kind: 'limit_event',
      ...texts('Past event'),
      starts: '2024-01-01T00:00:00+08:00',
      ends: '2024-02-01T00:00:00+08:00',
    });
    await create('summer', {
      kind: 'event',
      ...texts('Summer'),
      starts: '2025-06-01T00:00:00+08:00',
      ends: '2025-07-01T00:00:00+08:00',
    });
    await expect(
      create('summer', {
        kind: 'event',
        ...texts('Again'),
        starts: '2025-06-01T00:00:00+08:00',
        ends: '2025-07-01T00:00:00+08:00',
      }),
    ).rejects.toMatchObject({ message: 'campaign_slug_taken' });

    const list = (await earn.get('/api/v1/common/CampaignList')).json().data as CampaignList;
    expect(list.list.map((c) => [c.slug, c.state])).toEqual([
      ['spring-airdrop', 'running'],
      ['summer', 'upcoming'],
      ['past-event', 'ended'],
    ]);
    const detail = (await earn.get('/api/v1/common/Campaign?slug=spring-airdrop')).json()
      .data as Campaign;
    expect(detail).toMatchObject({
      kind: 'event',
      title: { 'en-US': 'Spring airdrop', 'zh-TW': 'Spring airdrop tw' },
      endsAt: '2025-04-14T16:00:00.000Z',
      airdrop: {
        poolBcnt: '2000000',
        minSubscriptionDays: 30,
        minAmounts: { BTC: '0.01', USDT: '300' },
      },
    });
    const missing = await earn.get('/api/v1/common/Campaign?slug=nothing-here');
    expect(missing.json()).toMatchObject({ status: 404, message: 'campaign_not_found' });
    const bad = await earn.get('/api/v1/common/Campaign?slug=Not%20a%20slug');
    expect(bad.statusCode).toBe(400);
  });

  it('disqualifies the airdrop without a subscription held 30 days, showing the withdrawable BCNT', async () => {
    const anonymous = await earn.get('/api/v1/user/campaign/Airdrop?slug=spring-airdrop');
    expect(anonymous.statusCode).toBe(401);

    let status = (
      await earn.get('/api/v1/user/campaign/Airdrop?slug=spring-airdrop', member)
    ).json().data as AirdropStatus;
    expect(status).toEqual({ qualified: false, qualifying: [], withdrawableBcnt: '40' });

    const product = await earn.product({ kind: 'fixed', currency: 'USDT' });
    await earn.join(member, product.id, 10); // 1,000 USDT
    t.clock.advance(10 * DAY);
    status = (await earn.get('/api/v1/user/campaign/Airdrop?slug=spring-airdrop', member)).json()
      .data as AirdropStatus;
    expect(status.qualified).toBe(false);

    t.clock.advance(21 * DAY);
    status = (await earn.get('/api/v1/user/campaign/Airdrop?slug=spring-airdrop', member)).json()
      .data as AirdropStatus;
    expect(status).toMatchObject({
      qualified: true,
      qualifying: [{ serialNumber: product.serialNumber, currency: 'USDT', amount: '1000' }],
    });
  });
});
