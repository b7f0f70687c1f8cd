import * as z from 'zod/mini';
import { request } from '../services/http-client';
import type { KycStatus } from './guards';

/**
 * POST /member/ico/kyc/getStatus, the KYC gate's fetch (spec section 4). Lives here until the
 * KYC issue gives the service layer its KYC module; then this becomes an import of that call.
 * The HTTP client rejects any envelope whose status is not 0, so a resolved value means status 0.
 */
const kycStatusSchema = z.looseObject({ selfUserKYCStatus: z.number() });

export function getKycStatus(): Promise<KycStatus> {
  return request({
    service: 'member',
    path: '/ico/kyc/getStatus',
    method: 'POST',
    schema: kycStatusSchema,
  });
}

/** The status, or null when the call failed (the gate then lets the member through). */
export async function fetchKycStatusForGate(
  fetchStatus: () => Promise<KycStatus> = getKycStatus,
): Promise<KycStatus | null> {
  try {
    return await fetchStatus();
  } catch {
    return null;
  }
}
