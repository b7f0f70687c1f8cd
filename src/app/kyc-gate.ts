import { getKycStatus } from '../services/kyc';
import type { KycStatus } from './guards';

/**
 * The KYC gate's fetch (spec section 4): POST /member/ico/kyc/getStatus through the service
 * layer's KYC module. Loaded on first use by `start-app.tsx`, so the KYC schemas are not in the
 * first load. The HTTP client rejects any envelope whose status is not 0, so a resolved value
 * means status 0.
 */

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
