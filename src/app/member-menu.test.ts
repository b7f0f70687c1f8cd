import { describe, expect, it } from 'vitest';
import { isKycVerified, memberLevel, memberMenu, memberSummary } from './member-menu';

describe('member level and menu', () => {
  it('derives the level from the roleId bits', () => {
    expect(memberLevel(0)).toBe(0);
    expect(memberLevel(2)).toBe(0);
    expect(memberLevel(64 | 2)).toBe(1);
    expect(memberLevel(64 | 2048)).toBe(2);
    expect(memberLevel(64 | 4096)).toBe(3);
    expect(memberLevel(64 | 8192 | 2048)).toBe(4);
    expect(isKycVerified(64)).toBe(true);
    expect(isKycVerified(2048)).toBe(false);
  });

  it('reads the display name and role from login info', () => {
    expect(memberSummary({ token: 't', nickname: 'Ann', email: 'a@x.io', roleId: 66 })).toEqual({
      displayName: 'Ann',
      roleId: 66,
      hasManagedAssets: false,
    });
    expect(memberSummary({ token: 't', email: 'a@x.io' })?.displayName).toBe('a@x.io');
    expect(memberSummary(null)).toBeNull();
  });

  const ids = (roleId: number, hasManagedAssets = false, production = true) =>
    memberMenu({ displayName: 'A', roleId, hasManagedAssets }, { production }).map(
      (entry) => entry.id,
    );

  it('shows only Account before KYC verification', () => {
    expect(ids(2)).toEqual(['account']);
  });

  it('adds Wallet, Security, Referrals (level > 0), API keys (managed assets) and Preferences (test env)', () => {
    expect(ids(64)).toEqual(['account', 'wallet', 'security', 'referrals', 'questionnaire']);
    expect(ids(64, true)).toEqual([
      'account',
      'wallet',
      'security',
      'referrals',
      'questionnaire',
      'api-keys',
    ]);
    expect(ids(64, false, false)).toEqual([
      'account',
      'wallet',
      'security',
      'referrals',
      'questionnaire',
      'preferences',
    ]);
  });

  it('links built screens (Account, Wallet tab deposit, Security tab two-step, Referrals) and leaves the others unlinked', () => {
    const menu = memberMenu(
      { displayName: 'A', roleId: 64, hasManagedAssets: false },
      { production: true },
    );
    expect(Object.fromEntries(menu.map((entry) => [entry.id, entry.href]))).toEqual({
      account: '/account',
      wallet: '/wallet?tab=deposit',
      security: '/security?tab=two-step',
      referrals: '/referrals',
      questionnaire: '/risk-questionnaire',
    });
  });
});
