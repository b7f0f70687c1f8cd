import { createPublicClient, type Hex, http, isAddressEqual, recoverMessageAddress } from 'viem';

/**
 * Checks that `signature` is `address`'s signature of `message` (EIP-191 personal message).
 * Externally owned accounts are checked locally (ecrecover, no network); anything else (a
 * smart-contract wallet: ERC-1271, or ERC-6492 for one not deployed yet) through the chain at
 * RPC_URL with viem's public client.
 */
export interface SignatureVerifier {
  verify(input: { address: Hex; message: string; signature: Hex }): Promise<boolean>;
}

export function createSignatureVerifier(rpcUrl: string): SignatureVerifier {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 5_000, retryCount: 0 }) });
  return {
    async verify({ address, message, signature }) {
      try {
        const recovered = await recoverMessageAddress({ message, signature });
        if (isAddressEqual(recovered, address)) return true;
      } catch {
        // not a 65-byte ECDSA signature: maybe a contract wallet's
      }
      try {
        return await client.verifyMessage({ address, message, signature });
      } catch {
        return false;
      }
    },
  };
}
