import { useState } from 'react';
import type { AllianceRegistration, LoyaltyStatus } from '../../../services/alliance';

/** A registration that ended because its NFT left the verified wallet. */
export interface TransferredRegistration {
  address: string;
  tokenId: string;
  /** when the server noticed the transfer; unknown when only this page saw it end */
  endedAt: string | null;
}

/**
 * The registration the server cancelled because the NFT was transferred, or null.
 *
 * The server says so in `allianceEnded` (reason `transferred`, kept 30 days). A server that does
 * not send the field (undefined) still shows the case when this page saw a registration turn
 * null without the member cancelling it here (`cancelledHere`).
 */
export function useTransferredRegistration(
  status: LoyaltyStatus | undefined,
  cancelledHere: boolean,
): TransferredRegistration | null {
  // The last active registration this page saw ("storing information from previous renders").
  const [seen, setSeen] = useState<AllianceRegistration | null>(null);
  const active = status?.alliance ?? null;
  if (active && active !== seen) setSeen(active);

  if (!status || active) return null;
  const ended = status.allianceEnded;
  if (ended !== undefined) {
    return ended?.reason === 'transferred'
      ? { address: ended.address, tokenId: ended.tokenId, endedAt: ended.endedAt }
      : null;
  }
  if (seen && !cancelledHere)
    return { address: seen.address, tokenId: seen.tokenId, endedAt: null };
  return null;
}
