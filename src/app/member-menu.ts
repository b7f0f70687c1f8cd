import { isKycVerified, memberLevel } from '../shared/membership/levels';
import { paths, type RouteName } from '../lib/paths';
import { hrefIfBuilt } from './shell-rules';

/**
 * The members' part of the nav bar (spec section 2), from the stored login info's member
 * fields. Role bits (spec section 3): kyc2 64 = level 1 and verified, level2Member 2048,
 * level3Member 4096, level4Member 8192.
 */

export { isKycVerified, memberLevel } from '../shared/membership/levels';

export interface MemberSummary {
  displayName: string;
  roleId: number;
  /** The member holds managed assets (API keys menu). Unknown until the account issue: false. */
  hasManagedAssets: boolean;
}

/** Reads what the shell needs from login info's member fields; tolerant of missing fields. */
export function memberSummary(info: Record<string, unknown> | null): MemberSummary | null {
  if (!info) return null;
  const text = (key: string) =>
    typeof info[key] === 'string' && info[key] !== '' ? (info[key] as string) : undefined;
  const roleId = typeof info.roleId === 'number' ? info.roleId : Number(info.roleId ?? 0) || 0;
  return {
    displayName: text('nickname') ?? text('userName') ?? text('email') ?? '',
    roleId,
    hasManagedAssets: info.hasManagedAssets === true,
  };
}

export interface MemberMenuEntry {
  id: string;
  route: RouteName;
  /** undefined: the screen is not built yet (shown disabled). */
  href: string | undefined;
}

/**
 * Account, Wallet (tab deposit), Security (tab two-step), Referrals (level above 0), the risk
 * questionnaire (it decides which products suit the member before they subscribe), API keys
 * (tab manage, with managed assets), Preferences (test environment only). Before KYC
 * verification only Account.
 */
export function memberMenu(
  member: MemberSummary,
  options: { production: boolean },
): MemberMenuEntry[] {
  const entry = (id: string, route: RouteName, href: () => string): MemberMenuEntry => ({
    id,
    route,
    href: hrefIfBuilt(route, href),
  });
  const account = entry('account', 'Account', () => paths.Account.getHref());
  if (!isKycVerified(member.roleId)) return [account];
  const items = [
    account,
    entry('wallet', 'Wallet', () => paths.Wallet.getHref(undefined, { tab: 'deposit' })),
    entry('security', 'Security', () => paths.Security.getHref(undefined, { tab: 'two-step' })),
  ];
  if (memberLevel(member.roleId) > 0)
    items.push(entry('referrals', 'Referrals', () => paths.Referrals.getHref()));
  items.push(entry('questionnaire', 'Questionnaire', () => paths.Questionnaire.getHref()));
  if (member.hasManagedAssets) {
    items.push(
      entry('api-keys', 'ApiKeys', () => paths.ApiKeys.getHref(undefined, { tab: 'manage' })),
    );
  }
  if (!options.production)
    items.push(entry('preferences', 'Preferences', () => paths.Preferences.getHref()));
  return items;
}
