import { createHash } from 'node:crypto';
import type { Address } from 'viem';
import { withdrawalNetworkById } from '../../../shared/constants/networks';
import { bcntAddress, testUsdcAddress, testUsdtAddress } from '../../../shared/contracts/generated';

/**
 * Where withdrawals are paid from, per network family.
 *
 * - EVM (ERC20 tokens and ETH): signed by the hot wallet (domain/wallet/hd.ts) and sent to
 *   RPC_URL; see withdrawal-processing.ts. Token contracts per EVM chain id below.
 * - Bitcoin and TRON: a `PayoutAdapter`, the interface a real node/wallet-service adapter
 *   implements. The local default is a simulator: the "transaction id" is derived from the
 *   withdrawal's reference (so a repeated send is the same payout) and it reports the network's
 *   confirmations at once.
 */

/** ERC20 token contracts by EVM chain id. Mainnet BCNT is left to configuration (not known here). */
export const EVM_TOKEN_ADDRESSES: Readonly<
  Record<number, Partial<Record<'USDT' | 'USDC' | 'BCNT', Address>>>
> = {
  1: {
    USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    USDC: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  },
  31337: {
    USDT: testUsdtAddress[31337],
    USDC: testUsdcAddress[31337],
    BCNT: bcntAddress[31337],
  },
};

export function evmTokenAddress(chainId: number, currency: string): Address | undefined {
  return (EVM_TOKEN_ADDRESSES[chainId] as Record<string, Address> | undefined)?.[currency];
}

export interface PayoutRequest {
  /** stable per withdrawal (`withdrawal:12`): a real adapter passes it as the request id */
  reference: string;
  network: string;
  currency: string;
  address: string;
  /** atomic units */
  amount: bigint;
}

export interface PayoutAdapter {
  /** Send the payout; idempotent per reference. Throws when the network refuses it. */
  send(request: PayoutRequest): Promise<{ txid: string }>;
  /** Confirmations of a sent payout (0 while unconfirmed); null when the network lost it. */
  confirmations(network: string, txid: string): Promise<number | null>;
}

/** The local simulator of Bitcoin and TRON payouts (see the module comment). */
export function createSimulatedPayoutAdapter(): PayoutAdapter {
  return {
    async send(request) {
      const txid = createHash('sha256')
        .update(`simulated-payout:${request.network}:${request.reference}`)
        .digest('hex');
      return { txid };
    },
    async confirmations(network) {
      return withdrawalNetworkById(network)?.confirmations ?? 1;
    },
  };
}
