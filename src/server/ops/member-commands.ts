import { z } from 'zod';
import type { LoyaltySetting } from '../../shared/api/loyalty';
import { LOCAL_CHAIN_ID } from '../../shared/constants/chain';
import {
  type MemberAdminView,
  memberRoles,
  showMember,
  verifyMember,
} from '../domain/auth/member-admin';
import { loyaltyRates } from '../domain/loyalty/rates';
import { EMAIL_ARGUMENT, type OpsContext, opsCommand } from './command';

/** Operator commands of members (roles, identity verification) and the loyalty rate table. */

const levelContext = (ctx: OpsContext) => ({
  db: ctx.db,
  clock: ctx.clock,
  chainId: ctx.chainId ?? LOCAL_CHAIN_ID,
});

const memberEmail = z.string().trim().min(3).max(254);

function formatMember(member: MemberAdminView): string {
  return [
    `#${member.id}  ${member.email}  (${member.nickname})  ${member.accountType}`,
    `  roleId: ${member.roleId}  [${member.roles.join(', ') || 'none'}]  level ${member.level}` +
      (member.storedRoleId !== member.roleId
        ? `  (stored ${member.storedRoleId}; loyalty bits from the chain)`
        : ''),
    `  mobile: ${member.mobile ?? '-'}  e-mail verified: ${member.emailVerified ? 'yes' : 'no'}  mobile verified: ${member.mobileVerified ? 'yes' : 'no'}`,
    `  2FA: ${member.twoFactor}  withdrawals locked until: ${member.withdrawalLockedUntil ?? '-'}`,
    `  devices: ${member.devices.authorised} authorised of ${member.devices.total}  live sessions: ${member.liveSessions}`,
    `  wallets: ${member.wallets.join(', ') || '-'}`,
    `  referral code: ${member.referralCode}  created: ${member.createdAt}`,
  ].join('\n');
}

function formatRates(setting: LoyaltySetting): string {
  const lines = ['plan    currency   lv1     lv2     lv3     lv4   (annual %)'];
  for (const plan of ['fixed', 'pro'] as const) {
    for (const rate of setting[plan]) {
      const cells = [rate.lv1Rate, rate.lv2Rate, rate.lv3Rate, rate.lv4Rate].map((r) =>
        String(r).padEnd(8),
      );
      lines.push(`${plan.padEnd(8)}${rate.currencyName.padEnd(11)}${cells.join('').trimEnd()}`);
    }
  }
  return lines.join('\n');
}

export const memberOpsCommands = {
  'member/show': opsCommand({
    argument: EMAIL_ARGUMENT,
    help: 'Show a member: roles, level, verification, 2FA, devices, sessions.',
    input: z.object({ email: memberEmail }),
    run: (ctx, input) => showMember(levelContext(ctx), input.email),
    format: formatMember,
  }),
  'member/roles': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { set: {} },
    usage: '[--set N]',
    help: `Show a member's role bit mask, or set it to N (investor 2,
business 4, kyc2 64, ...). The loyalty bits (level2 2048,
level3 4096, level4 8192) come from the chain and are never set.`,
    input: z.object({
      email: memberEmail,
      /** the new role bit mask (spec section 3: investor 2, business 4, kyc2 64, ...) */
      set: z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 30)
        .optional(),
    }),
    run: (ctx, input) => memberRoles(levelContext(ctx), input),
    format: formatMember,
  }),
  /** identity verified (the kyc2 bit, level 1) without a KYC review */
  'member/verify': opsCommand({
    argument: EMAIL_ARGUMENT,
    help: `Mark the member identity-verified (kyc2 64, level 1) without a
KYC review (test stacks; the review is "kyc approve").`,
    input: z.object({ email: memberEmail }),
    run: (ctx, input) => verifyMember(levelContext(ctx), input),
    format: formatMember,
  }),
  'loyalty/rates': opsCommand({
    help: 'Show the loyalty rate table (annual % at levels 1-4).',
    input: z.object({}),
    run: (ctx) => loyaltyRates(ctx.db),
    format: formatRates,
  }),
} as const;
