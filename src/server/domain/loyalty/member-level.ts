import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, min } from 'drizzle-orm';
import { formatUnits, getAddress } from 'viem';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { BCNT_DECIMALS } from '../../../shared/constants/chain';
import {
  DEFAULT_STAKE_THRESHOLDS,
  deriveMemberLevel,
  isKycVerified,
  type LoyaltyLevel,
  nextStakeLevel,
  stakeLevel,
  type StakeThresholds,
  withLoyaltyLevel,
} from '../../../shared/membership/levels';
import { loyaltyContracts } from '../../chain/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { allianceRegistrations, chainEvents, linkedWallets, members } from '../../db/schema';
import { AppError } from '../../errors';
import { accountBalance, memberAccount } from '../wallet/ledger';
import {
  indexedBlock,
  stakeThresholds,
  unstakeRequests,
  type WalletStake,
  walletStakes,
} from './chain-state';

/**
 * Member levels on the server (spec: roleId 64 = level 1 from KYC; 2048 / 4096 / 8192 = levels
 * 2 / 3 / 4). The loyalty bits are derived on every read, never stored as granted:
 * - level 1: the kyc2 bit (64) stored in members.roleId;
 * - staking: the counted stake summed over all the member's linked wallets, where an address
 *   counts staked + the amounts of its unstake requests whose unlock time is still in the
 *   future by the server clock (the level is kept during the 14-day cooldown and dropped after
 *   it, withdrawn or not), plus the member's custodial BCNT stake (the ledger's staking
 *   account, which keeps unstake requests until the `custodial-unstake` task releases them);
 *   thresholds from the last indexed ThresholdsUpdated, else the contract's initial ones;
 * - Alliance NFT: an active registration gives level 3;
 * - staking and the NFT count only on top of level 1; the highest level applies.
 */

export interface LevelContext {
  db: Db;
  clock: Clock;
  chainId: number;
}

/** How long a withdrawn request and an ended Alliance registration stay in the status. */
export const RECENT_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export interface LoyaltyParts {
  kycVerified: boolean;
  wallets: WalletStake[];
  thresholds: StakeThresholds;
  /** the custodial BCNT staking account (cooling unstake requests included) */
  custodialStaked: bigint;
  countedStake: bigint;
  stakeLevel: LoyaltyLevel;
  alliance: typeof allianceRegistrations.$inferSelect | undefined;
  /** the derived member level 0-4 */
  level: ReturnType<typeof deriveMemberLevel>;
  /** members.roleId with the loyalty bits replaced by the derived ones */
  roleId: number;
}

async function memberWallets(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ address: linkedWallets.address })
    .from(linkedWallets)
    .where(eq(linkedWallets.memberId, memberId))
    .orderBy(linkedWallets.id);
  return rows.map((row) => row.address);
}

async function activeRegistration(db: Db, memberId: number) {
  const [row] = await db
    .select()
    .from(allianceRegistrations)
    .where(
      and(eq(allianceRegistrations.memberId, memberId), isNull(allianceRegistrations.cancelledAt)),
    )
    .limit(1);
  return row;
}

/** Everything the level depends on, read from the database (a few indexed queries). */
export async function loyaltyParts(
  ctx: LevelContext,
  member: { id: number; roleId: number },
): Promise<LoyaltyParts> {
  const contracts = loyaltyContracts(ctx.chainId);
  const now = ctx.clock.now();
  const addresses = await memberWallets(ctx.db, member.id);
  const [wallets, thresholds, alliance, custodialStaked] = await Promise.all([
    contracts ? walletStakes(ctx.db, contracts, addresses, now) : Promise.resolve([]),
    contracts ? stakeThresholds(ctx.db, contracts) : Promise.resolve(DEFAULT_STAKE_THRESHOLDS),
    activeRegistration(ctx.db, member.id),
    accountBalance(ctx.db, memberAccount(member.id, 'staking'), 'BCNT'),
  ]);
  const countedStake = wallets.reduce((sum, w) => sum + w.staked + w.cooling, 0n) + custodialStaked;
  const kycVerified = isKycVerified(member.roleId);
  const fromStake = stakeLevel(countedStake, thresholds);
  const level = deriveMemberLevel({
    kycVerified,
    stakeLevel: fromStake,
    allianceNft: alliance !== undefined,
  });
  const loyaltyLevel: LoyaltyLevel = level >= 2 ? (level as LoyaltyLevel) : 0;
  return {
    kycVerified,
    wallets,
    thresholds,
    custodialStaked,
    countedStake,
    stakeLevel: fromStake,
    alliance,
    level,
    roleId: withLoyaltyLevel(member.roleId, loyaltyLevel),
  };
}

/**
 * The roleId every response shows the member (login, getMemberInfo, addUserType, ops views):
 * the stored bits with the loyalty bits derived now. Without KYC no query is needed.
 */
export async function derivedRoleId(
  ctx: LevelContext,
  member: { id: number; roleId: number },
): Promise<number> {
  if (!isKycVerified(member.roleId)) return withLoyaltyLevel(member.roleId, 0);
  return (await loyaltyParts(ctx, member)).roleId;
}

/**
 * `derivedRoleId` and until when it holds: the first future unlock time of an unstake request
 * of the member's wallets (its amount stops counting then), else null (until a change of the
 * data, which the database announces: domain/auth/member-cache.ts).
 */
export async function derivedRoleIdUntil(
  ctx: LevelContext,
  member: { id: number; roleId: number },
): Promise<{ roleId: number; until: Date | null }> {
  if (!isKycVerified(member.roleId))
    return { roleId: withLoyaltyLevel(member.roleId, 0), until: null };
  const now = ctx.clock.now();
  const parts = await loyaltyParts(ctx, member);
  const contracts = loyaltyContracts(ctx.chainId);
  const addresses = parts.wallets.map((w) => w.address);
  if (!contracts || addresses.length === 0) return { roleId: parts.roleId, until: null };
  const [row] = await ctx.db
    .select({ until: min(chainEvents.unlockAt) })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, contracts.chainId),
        eq(chainEvents.contract, contracts.staking),
        inArray(chainEvents.account, addresses),
        eq(chainEvents.event, 'UnstakeRequested'),
        gt(chainEvents.unlockAt, now),
      ),
    );
  return { roleId: parts.roleId, until: row?.until ?? null };
}

const tokens = (amount: bigint) => formatUnits(amount, BCNT_DECIMALS);

/** GET /member/loyalty/status. */
export async function loyaltyStatus(ctx: LevelContext, memberId: number): Promise<LoyaltyStatus> {
  const [member] = await ctx.db
    .select({ id: members.id, roleId: members.roleId })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
  const contracts = loyaltyContracts(ctx.chainId);
  const now = ctx.clock.now();
  const recent = new Date(now.getTime() - RECENT_DAYS * DAY_MS);

  const parts = await loyaltyParts(ctx, member);
  const addresses = parts.wallets.map((w) => w.address);
  const [requests, ended, cursor] = await Promise.all([
    contracts
      ? unstakeRequests(ctx.db, contracts, addresses, { withdrawnSince: recent })
      : Promise.resolve([]),
    parts.alliance
      ? Promise.resolve(undefined)
      : ctx.db
          .select()
          .from(allianceRegistrations)
          .where(
            and(
              eq(allianceRegistrations.memberId, memberId),
              isNotNull(allianceRegistrations.cancelledAt),
              gte(allianceRegistrations.cancelledAt, recent),
            ),
          )
          // the latest registration: an end time from a block timestamp (1-second resolution,
          // the chain's clock) does not order against the server clock's end times
          .orderBy(desc(allianceRegistrations.id))
          .limit(1)
          .then((rows) => rows[0]),
    indexedBlock(ctx.db, ctx.chainId),
  ]);
  const next = nextStakeLevel(parts.countedStake, parts.thresholds);

  return {
    level: parts.level,
    roleId: parts.roleId,
    kycVerified: parts.kycVerified,
    stakeLevel: parts.stakeLevel,
    allianceLevel: parts.alliance ? 3 : 0,
    countedStake: tokens(parts.countedStake),
    custodialStaked: tokens(parts.custodialStaked),
    thresholds: {
      level2: tokens(parts.thresholds.level2),
      level3: tokens(parts.thresholds.level3),
      level4: tokens(parts.thresholds.level4),
    },
    nextLevel: next ? { level: next.level, needed: tokens(next.needed) } : null,
    wallets: parts.wallets.map((w) => ({
      address: getAddress(w.address),
      staked: tokens(w.staked),
      cooling: tokens(w.cooling),
    })),
    requests: requests.map((r) => ({
      requestId: r.requestId,
      address: getAddress(r.address),
      amount: tokens(r.amount),
      unlockAt: r.unlockAt.toISOString(),
      withdrawn: r.withdrawnAt !== null,
    })),
    alliance: parts.alliance
      ? {
          address: getAddress(parts.alliance.address),
          tokenId: parts.alliance.tokenId,
          registeredAt: parts.alliance.registeredAt.toISOString(),
        }
      : null,
    allianceEnded:
      ended && ended.cancelledAt && ended.cancelReason
        ? {
            address: getAddress(ended.address),
            tokenId: ended.tokenId,
            endedAt: ended.cancelledAt.toISOString(),
            reason: ended.cancelReason,
          }
        : null,
    chainId: ctx.chainId,
    indexedBlock: String(Math.max(cursor, 0)),
  };
}
