import type { KycStatus } from '../../shared/api/kyc';

/**
 * A getStatus answer of the KYC contract (src/shared/api/kyc.ts) for tests: nothing submitted
 * and no premier application, with `overrides` on top.
 */
export function kycStatusAnswer(overrides: Partial<KycStatus> = {}): KycStatus {
  return {
    selfUserKYCStatus: 0,
    state: 'pending',
    kind: null,
    submittedAt: null,
    reviewStartedAt: null,
    decidedAt: null,
    rejectedItems: [],
    reviewNote: null,
    canEdit: false,
    premier: { state: null, appliedAt: null, decidedAt: null },
    ...overrides,
  };
}
