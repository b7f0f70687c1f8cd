// Test helpers of the BinFi feature (used by its *.test.tsx files only).
import { kycStatusAnswer } from '../../components/testing/kyc-status';
import type { BinfiRound } from '../../shared/api/binfi';
import type { KycStatus } from '../../shared/api/kyc';

/** A round as the list and the detail answer it (only what the screens read). */
export const binfiRound = (overrides: Partial<BinfiRound> = {}) =>
  ({
    fundId: 4,
    variant: 'binfi',
    state: 'running',
    isPrivate: false,
    unitPrice: '100',
    termMonths: 3,
    raiseEnd: '2026-01-08T00:00:00.000Z',
    startAt: '2026-01-10T00:00:00.000Z',
    terms: { symbol: 'BTC/USDT' },
    ...overrides,
  }) as BinfiRound;

/** The member's identity verification and premier membership, as the join gates read them. */
export const kycStatus = (selfUserKYCStatus: number, premier: KycStatus['premier']['state']) =>
  kycStatusAnswer({
    selfUserKYCStatus,
    state: 'verified',
    kind: 'individual',
    premier: { state: premier, appliedAt: null, decidedAt: null },
  });
