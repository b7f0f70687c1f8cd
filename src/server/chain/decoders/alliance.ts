import {
  cancelTransferredRegistrations,
  restoreTransferredRegistrations,
} from '../../domain/loyalty/alliance';
import { allianceNftAbi } from '../contracts';
import { type ChainEventFields, defineChainDecoder } from './types';

/**
 * AllianceNFT: Transfer becomes a `chain_events` row (NFT ownership is a query over them). A new
 * transfer of a registered token out of the registered address ends that Alliance registration
 * (`transferred`, at the block's time); a reorg that orphans the transfer restores it.
 */
export const allianceDecoder = defineChainDecoder({
  name: 'alliance',
  address: (deployment) => deployment.allianceNft,
  abi: allianceNftAbi,
  events: ['Transfer'],
  toEvent(log): ChainEventFields | undefined {
    if (log.eventName !== 'Transfer') return undefined;
    const { from, to, tokenId } = log.args;
    return {
      event: 'Transfer',
      fromAddress: from.toLowerCase(),
      toAddress: to.toLowerCase(),
      tokenId: tokenId.toString(),
      args: { from: from.toLowerCase(), to: to.toLowerCase(), tokenId: `${tokenId}` },
    };
  },
  async apply(tx, chainId, events) {
    const transfers: { from: string; tokenId: string; blockNumber: number; blockTime: Date }[] = [];
    for (const row of events) {
      if (row.event === 'Transfer' && row.fromAddress && row.tokenId !== null) {
        transfers.push({
          from: row.fromAddress,
          tokenId: row.tokenId,
          blockNumber: row.blockNumber,
          blockTime: row.blockTime,
        });
      }
    }
    await cancelTransferredRegistrations(tx, chainId, transfers);
  },
  async rollback(tx, chainId, toBlock) {
    await restoreTransferredRegistrations(tx, chainId, toBlock);
  },
});
