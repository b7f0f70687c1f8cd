import type { SiweNonceResult } from '../shared/api/auth';
import { buildSiweMessage } from './siwe-message';

/**
 * One signed-message flow for linking a wallet, signing in with it and verifying an Alliance
 * NFT (EIP-4361):
 *
 *   preparing (server nonce, message) -> waiting (the wallet asks the member to sign)
 *     -> submitting (the server checks the signature) -> done
 *   a refusal in the wallet (EIP-1193 code 4001) -> cancelled
 *   anything else (nonce refused, wallet error, server refusal) -> failed
 *
 * Pure: the caller passes the nonce call, the signer (wagmi's signMessage) and the submit call,
 * so the steps are testable without a wallet.
 */

/** The purposes of the generic wallet flow (`siwe-wallet-flow.tsx`: link, login). */
export type SiwePurpose = 'link' | 'login';
/** Every nonce purpose: the Alliance NFT verification has its own panel (`alliance-verify.tsx`). */
export type SiweNoncePurpose = SiwePurpose | 'alliance';
export type SiweActivePhase = 'preparing' | 'waiting' | 'submitting';
export type SiwePhase = 'idle' | SiweActivePhase | 'done' | 'cancelled' | 'failed';

export interface SiweFlowSteps<T> {
  purpose: SiweNoncePurpose;
  /** The connected account. */
  address: string;
  requestNonce: (purpose: SiweNoncePurpose) => Promise<SiweNonceResult>;
  /** Asks the wallet to sign (personal_sign); resolves to the signature. */
  sign: (message: string) => Promise<string>;
  submit: (body: { message: string; signature: string }) => Promise<T>;
  onPhase?: (phase: SiweActivePhase) => void;
}

export type SiweOutcome<T> =
  { kind: 'done'; result: T } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

export async function runSiweFlow<T>(steps: SiweFlowSteps<T>): Promise<SiweOutcome<T>> {
  try {
    steps.onPhase?.('preparing');
    const nonce = await steps.requestNonce(steps.purpose);
    const message = buildSiweMessage(nonce, steps.address);
    steps.onPhase?.('waiting');
    const signature = await steps.sign(message);
    steps.onPhase?.('submitting');
    const result = await steps.submit({ message, signature });
    return { kind: 'done', result };
  } catch (error) {
    if (isUserRejection(error)) return { kind: 'cancelled' };
    return { kind: 'failed', error };
  }
}

/** EIP-1193 "User Rejected Request". */
export const USER_REJECTED_CODE = 4001;

/**
 * True when the wallet says the member refused: code 4001 on the error or anywhere in its
 * `cause` chain (viem and wagmi wrap the provider's error), or viem's UserRejectedRequestError.
 */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (candidate.code === USER_REJECTED_CODE || candidate.name === 'UserRejectedRequestError')
      return true;
    current = candidate.cause;
  }
  return false;
}
