import type { KycState, PremierState } from '../../../shared/api/kyc';
import { isKycVerified } from '../../../shared/membership/levels';

/**
 * The onboarding tour's Verify button (spec platform-account-wallet section 2, products-programs
 * section 4): shown only to a member who is neither premier nor holds any KYC result.
 *
 * "Any KYC result" is read from everything the browser knows, so a stale stored member does
 * not offer a second application: a premier application (`kyc2ApplyResult` of the stored member
 * or `premier.state` of the status), the verified role bit, or an individual/institutional
 * application past `pending` (submitted, under review, rejected, ...).
 */

/** The member fields of the stored login info the rule reads (absent on older sessions). */
export interface OnboardingMember {
  roleId: number;
  premier: boolean;
  /** the premier member application's state; null when none */
  kyc2ApplyResult: string | null;
}

/** The parts of `getKycStatus()` the rule reads. */
export interface OnboardingKycStatus {
  state: KycState;
  premier: { state: PremierState | null };
}

export type VerificationOffer =
  /** show the Verify button */
  | 'offer'
  /** premier, or a KYC result exists: no button */
  | 'none'
  /** the status is not known yet (loading, or the call failed): no button */
  | 'unknown';

export function verificationOffer(
  member: OnboardingMember,
  status: OnboardingKycStatus | undefined,
): VerificationOffer {
  if (member.premier || member.kyc2ApplyResult !== null || isKycVerified(member.roleId))
    return 'none';
  if (!status) return 'unknown';
  return status.state === 'pending' && status.premier.state === null ? 'offer' : 'none';
}

/** The tour's member fields from the stored login info; tolerant of missing fields. */
export function onboardingMember(info: Record<string, unknown> | null): OnboardingMember | null {
  if (!info) return null;
  const roleId = typeof info.roleId === 'number' ? info.roleId : Number(info.roleId ?? 0) || 0;
  return {
    roleId,
    premier: info.premier === true,
    kyc2ApplyResult:
      typeof info.kyc2ApplyResult === 'string' && info.kyc2ApplyResult !== ''
        ? info.kyc2ApplyResult
        : null,
  };
}
