import { describe, expect, it } from 'vitest';
import { KYC_STATES, type KycState, type PremierState } from '../../../shared/api/kyc';
import { ROLE } from '../../../shared/membership/levels';
import {
  onboardingMember,
  verificationOffer,
  type OnboardingKycStatus,
  type OnboardingMember,
} from './verification-offer';

const member = (overrides: Partial<OnboardingMember> = {}): OnboardingMember => ({
  roleId: ROLE.investor,
  premier: false,
  kyc2ApplyResult: null,
  ...overrides,
});
const status = (
  state: KycState,
  premierState: PremierState | null = null,
): OnboardingKycStatus => ({ state, premier: { state: premierState } });

describe('verificationOffer (the tour Verify button)', () => {
  it('offers verification to a member who is not premier and holds no KYC result', () => {
    expect(verificationOffer(member(), status('pending'))).toBe('offer');
  });

  it('offers nothing to a premier member or one with a premier application, without the status', () => {
    expect(verificationOffer(member({ premier: true }), undefined)).toBe('none');
    expect(verificationOffer(member({ kyc2ApplyResult: 'under_review' }), undefined)).toBe('none');
    expect(verificationOffer(member({ roleId: ROLE.investor | ROLE.kyc2 }), undefined)).toBe(
      'none',
    );
  });

  it('offers nothing once an application exists in any state past pending', () => {
    for (const state of KYC_STATES.filter((state) => state !== 'pending')) {
      expect(verificationOffer(member(), status(state)), state).toBe('none');
    }
    expect(verificationOffer(member(), status('pending', 'pending_id_verification'))).toBe('none');
  });

  it('is unknown (no button) while the status is not known', () => {
    expect(verificationOffer(member(), undefined)).toBe('unknown');
  });
});

describe('onboardingMember', () => {
  it('reads premier and kyc2ApplyResult from the stored login info, tolerating older sessions', () => {
    expect(onboardingMember(null)).toBeNull();
    expect(onboardingMember({ token: 't', roleId: 2 })).toEqual({
      roleId: 2,
      premier: false,
      kyc2ApplyResult: null,
    });
    expect(onboardingMember({ roleId: '66', premier: true, kyc2ApplyResult: 'approved' })).toEqual({
      roleId: 66,
      premier: true,
      kyc2ApplyResult: 'approved',
    });
    expect(onboardingMember({ premier: 'yes', kyc2ApplyResult: '' })).toEqual({
      roleId: 0,
      premier: false,
      kyc2ApplyResult: null,
    });
  });
});
