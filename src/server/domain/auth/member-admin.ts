import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { ErrorCode } from '../../../shared/api/envelope';
import { LOYALTY_LEVEL_BITS, ROLE } from '../../../shared/membership/levels';
import { devices, linkedWallets, members, sessionFamilies } from '../../db/schema';
import { AppError } from '../../errors';
import { derivedRoleId, type LevelContext } from '../loyalty/member-level';
import { memberLevel } from './members';

/**
 * Operator views of a member (ops CLI `member show`, `member roles`, `member verify`); never any
 * secret. `roleId`, `roles` and `level` are the derived ones (loyalty bits from the chain);
 * `storedRoleId` is the mask in the database, which never holds loyalty bits.
 */

/** Role bit names of spec section 3. */
export const ROLE_NAMES: [number, string][] = [
  [1, 'trader'],
  [2, 'investor'],
  [4, 'business'],
  [8, 'tester'],
  [16, 'simulator'],
  [32, 'admin'],
  [64, 'kyc2'],
  [128, 'kol'],
  [256, 'manager'],
  [512, 'coolbitxManager'],
  [1024, 'support'],
  [2048, 'level2Member'],
  [4096, 'level3Member'],
  [8192, 'level4Member'],
];

export function roleNames(roleId: number): string[] {
  return ROLE_NAMES.filter(([bit]) => (roleId & bit) !== 0).map(([, name]) => name);
}

export interface MemberAdminView {
  id: number;
  email: string;
  nickname: string;
  mobile: string | null;
  accountType: string;
  roleId: number;
  storedRoleId: number;
  roles: string[];
  level: number;
  emailVerified: boolean;
  mobileVerified: boolean;
  twoFactor: string;
  withdrawalLockedUntil: string | null;
  referralCode: string;
  createdAt: string;
  devices: { authorised: number; total: number };
  liveSessions: number;
  wallets: string[];
}

function notFound(email: string): AppError {
  return new AppError(ErrorCode.notFound, `No member with e-mail ${email}`);
}

export async function showMember(ctx: LevelContext, email: string): Promise<MemberAdminView> {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(members)
    .where(eq(members.email, email.trim().toLowerCase()));
  if (!row) throw notFound(email);
  const deviceRows = await db
    .select({ status: devices.status })
    .from(devices)
    .where(eq(devices.memberId, row.id));
  const [sessionsRow] = await db
    .select({ n: count() })
    .from(sessionFamilies)
    .where(and(eq(sessionFamilies.memberId, row.id), isNull(sessionFamilies.revokedAt)));
  const wallets = await db
    .select({ address: linkedWallets.address })
    .from(linkedWallets)
    .where(eq(linkedWallets.memberId, row.id));
  const roleId = await derivedRoleId(ctx, row);
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    mobile: row.mobile,
    accountType: row.accountType,
    roleId,
    storedRoleId: row.roleId,
    roles: roleNames(roleId),
    level: memberLevel(roleId),
    emailVerified: row.emailVerifiedAt !== null,
    mobileVerified: row.mobileVerifiedAt !== null,
    twoFactor: row.twoFactorMethod,
    withdrawalLockedUntil: row.withdrawalLockedUntil?.toISOString() ?? null,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
    devices: {
      authorised: deviceRows.filter((d) => d.status === 1).length,
      total: deviceRows.length,
    },
    liveSessions: sessionsRow?.n ?? 0,
    wallets: wallets.map((w) => getAddress(w.address)),
  };
}

/**
 * Show the member's roles, or set the role mask first (`--set N`). The loyalty bits (2048, 4096,
 * 8192) are derived from the chain, never granted: they are dropped from N.
 */
export async function memberRoles(
  ctx: LevelContext,
  input: { email: string; set?: number | undefined },
): Promise<MemberAdminView> {
  if (input.set !== undefined) {
    const [row] = await ctx.db
      .update(members)
      .set({ roleId: input.set & ~LOYALTY_LEVEL_BITS, updatedAt: ctx.clock.now() })
      .where(eq(members.email, input.email.trim().toLowerCase()))
      .returning({ id: members.id });
    if (!row) throw notFound(input.email);
  }
  return showMember(ctx, input.email);
}

/**
 * Identity verified (level 1): sets the kyc2 bit (64). The operator's stand-in until the KYC
 * review flow exists (ops CLI `member verify <email>`).
 */
export async function verifyMember(
  ctx: LevelContext,
  input: { email: string },
): Promise<MemberAdminView> {
  const [row] = await ctx.db
    .update(members)
    .set({ roleId: sql`${members.roleId} | ${ROLE.kyc2}`, updatedAt: ctx.clock.now() })
    .where(eq(members.email, input.email.trim().toLowerCase()))
    .returning({ id: members.id });
  if (!row) throw notFound(input.email);
  return showMember(ctx, input.email);
}
