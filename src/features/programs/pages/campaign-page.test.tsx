import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as loggedIn from '../../../hooks/use-logged-in';
import * as programs from '../../../services/programs';
import type { Campaign } from '../../../services/programs';
import { CampaignPage, RAKUTEN_CAMPAIGN_SLUG } from './campaign-page';

mockExports(programs, {
  getCampaign: vi.fn(),
  getCampaignList: vi.fn(),
  getAirdropStatus: vi.fn(),
});
mockExports(loggedIn, { useLoggedIn: vi.fn() });

const campaignMock = vi.mocked(programs.getCampaign);
const listMock = vi.mocked(programs.getCampaignList);
const airdropMock = vi.mocked(programs.getAirdropStatus);
const loggedInMock = vi.mocked(loggedIn.useLoggedIn);

const text = (en: string) => ({ 'en-US': en, 'zh-TW': `${en} tw`, 'zh-CN': `${en} zh` });

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    slug: 'spring-airdrop',
    kind: 'event',
    title: text('Spring airdrop'),
    summary: text('BCNT for subscribers'),
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 2 * 86_400_000 + 3_723_000).toISOString(),
    state: 'running',
    airdrop: { poolBcnt: '2000000', minSubscriptionDays: 30, minAmounts: { BTC: '0.01' } },
    ...overrides,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('CampaignPage', () => {
  it('shows a running campaign with its countdown to the end and the airdrop rules', async () => {
    loggedInMock.mockReturnValue(false);
    campaignMock.mockResolvedValue(campaign());
    renderWithQuery(<CampaignPage />, { route: '/event?slug=spring-airdrop' });
    expect(await screen.findByRole('heading', { name: 'Spring airdrop' })).toBeTruthy();
    expect(campaignMock).toHaveBeenCalledWith('spring-airdrop', expect.anything());
    const timer = screen.getByTestId('campaign-countdown');
    expect(timer.textContent).toMatch(/^Ends in2 d 01:02:0\d$/);
    expect(screen.getByTestId('campaign-state').textContent).toBe('Ongoing');
    expect(screen.getByTestId('airdrop-rules').textContent).toContain(
      'Keep a subscription for at least 30 days.',
    );
    expect(screen.getByTestId('airdrop-rules').textContent).toContain(
      'Minimum subscription: 0.01 BTC.',
    );
    expect(airdropMock).not.toHaveBeenCalled();
  });

  it('shows an ended campaign as ended, without a countdown', async () => {
    loggedInMock.mockReturnValue(false);
    campaignMock.mockResolvedValue(campaign({ state: 'ended', airdrop: null }));
    renderWithQuery(<CampaignPage />, { route: '/event?slug=spring-airdrop' });
    expect(await screen.findByTestId('campaign-ended')).toHaveProperty(
      'textContent',
      'This event has ended.',
    );
    expect(screen.queryByTestId('campaign-countdown')).toBeNull();
  });

  it('tells a disqualified member why, with the BCNT they can withdraw', async () => {
    loggedInMock.mockReturnValue(true);
    campaignMock.mockResolvedValue(campaign());
    airdropMock.mockResolvedValue({ qualified: false, qualifying: [], withdrawableBcnt: '40' });
    renderWithQuery(<CampaignPage />, { route: '/event?slug=spring-airdrop' });
    expect(await screen.findByTestId('airdrop-disqualified')).toHaveProperty(
      'textContent',
      'Not a qualifying subscription over a month: your airdrop rewards are disqualified. You can withdraw 40.00 BCNT.',
    );
  });

  it('lists the campaigns without a slug', async () => {
    loggedInMock.mockReturnValue(false);
    listMock.mockResolvedValue({
      list: [
        campaign(),
        campaign({ slug: 'old', kind: 'limit_event', state: 'ended', title: text('Old') }),
      ],
    });
    renderWithQuery(<CampaignPage />, { route: '/event' });
    const items = await screen.findAllByTestId('campaign-item');
    expect(items.map((item) => item.textContent)).toEqual(['Spring airdropOngoing', 'OldEnded']);
    expect(screen.getByRole('link', { name: 'Old' }).getAttribute('href')).toBe(
      '/limit-event?slug=old',
    );
  });

  it('RakutenEvent: the rakuten campaign at its own path, linked there from the list', async () => {
    loggedInMock.mockReturnValue(false);
    campaignMock.mockResolvedValue(campaign({ slug: 'rakuten', title: text('Rakuten points') }));
    renderWithQuery(<CampaignPage slug={RAKUTEN_CAMPAIGN_SLUG} />, { route: '/rakuten-event' });
    expect(await screen.findByRole('heading', { name: 'Rakuten points' })).toBeTruthy();
    expect(campaignMock).toHaveBeenCalledWith('rakuten', expect.anything());
    // a visitor's login comes back to this page
    expect(screen.getByRole('link', { name: /log in/i }).getAttribute('href')).toBe(
      '/login?back=RakutenEvent',
    );
  });

  it('links the rakuten campaign to /rakuten-event in the list', async () => {
    loggedInMock.mockReturnValue(false);
    listMock.mockResolvedValue({
      list: [campaign({ slug: 'rakuten', title: text('Rakuten points') })],
    });
    renderWithQuery(<CampaignPage />, { route: '/event' });
    expect((await screen.findByRole('link', { name: 'Rakuten points' })).getAttribute('href')).toBe(
      '/rakuten-event',
    );
  });
});
