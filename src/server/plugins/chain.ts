import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAllianceNftReader } from '../chain/alliance-nft';
import { createChainClient } from '../chain/client';
import { loyaltyContracts } from '../chain/contracts';
import { type ChainIndexer, createChainIndexer } from '../chain/indexer';
import type { AllianceDeps } from '../domain/loyalty/alliance';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The chain indexer. buildApp creates it stopped: start.ts starts it (INDEXER=true); tests
     * drive it with `tick()`. It is stopped when the app closes.
     */
    indexer: ChainIndexer;
    /** what the loyalty domain needs (the identity deps plus on-chain Alliance NFT reads) */
    loyalty: AllianceDeps;
  }
}

async function chainPlugin(app: FastifyInstance) {
  const { config } = app;
  const contracts = loyaltyContracts(config.chainId);
  const client = createChainClient(config.rpcUrl);
  const indexer = createChainIndexer({
    db: app.db,
    clock: app.clock,
    client,
    log: app.log.child({ component: 'chain-indexer' }),
    chainId: config.chainId,
    contracts,
    confirmations: config.chainConfirmations,
    pollMs: config.chainPollMs,
    fromBlock: config.indexerFromBlock,
  });
  app.decorate('indexer', indexer);
  app.decorate('loyalty', { ...app.auth, allianceNft: createAllianceNftReader(client, contracts) });
  // preClose: before the database (closed in onClose) goes away.
  app.addHook('preClose', async () => indexer.stop());
}

export default fp(chainPlugin, { name: 'app-chain', dependencies: ['app-context', 'app-auth'] });
