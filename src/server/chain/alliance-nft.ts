import type { Address, PublicClient } from 'viem';
import { allianceNftAbi, type LoyaltyContracts } from './contracts';

/** Alliance NFT ownership read from the chain now (RPC), not from the indexer. */
export interface AllianceNftReader {
  /** The ids `owner` holds at the latest block, and that block's number. */
  tokensOf(owner: Address): Promise<{ blockNumber: number; tokenIds: bigint[] }>;
}

export class ChainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`chain unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChainUnavailableError';
  }
}

export function createAllianceNftReader(
  client: PublicClient,
  contracts: LoyaltyContracts | undefined,
): AllianceNftReader {
  return {
    async tokensOf(owner) {
      if (!contracts) throw new ChainUnavailableError('no Alliance NFT address for this chain');
      try {
        const blockNumber = await client.getBlockNumber();
        const tokenIds = await client.readContract({
          address: contracts.allianceNft,
          abi: allianceNftAbi,
          functionName: 'tokensOfOwner',
          args: [owner],
          blockNumber,
        });
        return { blockNumber: Number(blockNumber), tokenIds: [...tokenIds] };
      } catch (error) {
        throw new ChainUnavailableError(error);
      }
    },
  };
}
