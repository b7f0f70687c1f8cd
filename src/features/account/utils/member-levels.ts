import {
  isKycVerified,
  memberLevel,
  ROLE,
  type MemberLevel,
} from '../../../shared/membership/levels';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import type { MemberSummary } from '../../../shared/api/auth';

export const MEMBER_LEVELS: readonly MemberLevel[] = [0, 1, 2, 3, 4];

/** The level, identity verification and roleId as the server last said. */
export interface AccountStanding {
  level: MemberLevel;
  kycVerified: boolean;
  roleId: number;
}

function asMemberLevel(level: number): MemberLevel {
  return Math.min(4, Math.max(0, Math.trunc(level))) as MemberLevel;
}

/**
 * The loyalty status is the server's derived level (it follows staking and the NFT); the member
 * info's roleId is the fallback while the status is loading or unavailable.
 */
export function accountStanding(
  member: Pick<MemberSummary, 'roleId'>,
  status: Pick<LoyaltyStatus, 'level' | 'kycVerified' | 'roleId'> | undefined,
): AccountStanding {
  if (status) {
    return {
      level: asMemberLevel(status.level),
      kycVerified: status.kycVerified,
      roleId: status.roleId,
    };
  }
  return {
    level: memberLevel(member.roleId),
    kycVerified: isKycVerified(member.roleId),
    roleId: member.roleId,
  };
}

/** Spec section 3: the business bit (4) marks an institutional account. */
export function memberType(roleId: number): 'individual' | 'institutional' {
  return (roleId & ROLE.business) !== 0 ? 'institutional' : 'individual';
}
