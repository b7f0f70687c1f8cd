// The chain indexer against a throw-away anvil with the deployed contracts: confirmations,
// idempotency, restart, reorgs (evm_snapshot/evm_revert, the head below the cursor), the tick's
// block range, two indexers at once, and an unreachable RPC. Each test gets a fresh database and
// reverts the chain afterwards.
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getFreePort, startAnvil, TEST_ACCOUNTS, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { createChainClient } from '../../src/server/chain/client';
import { loyaltyContracts } from '../../src/server/chain/contracts';
import {
  CHAIN_DECODERS,
  defineChainDecoder,
  type StoredChainEvent,
} from '../../src/server/chain/decoders';
import {
  type ChainIndexer,
  type ChainIndexerOptions,
  createChainIndexer,
  INDEXER_LOCK_KEY,
  type IndexerLogger,
} from '../../src/server/chain/indexer';
import { TestClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { chainCursors, chainEvents } from '../../src/server/db/schema';
import { walletStakes } from '../../src/server/domain/loyalty/chain-state';
import { bcntAbi } from '../../src/shared/contracts/generated';
import { BCNT, bcnt, LOCAL, testChain, type TestChain } from '../helpers/chain';
import {
  CLOSED_RPC_URL,
  createTestDatabase,
  type TestDatabase,
  usingPostgres,
} from '../helpers/test-app';

const contracts = loyaltyContracts(LOCAL)!;
const silent: IndexerLogger = { info: () => {}, warn: () => {}, error: () => {} };

let anvil: AnvilHandle;
let chain: TestChain;
let snapshot: string;
let testDb: TestDatabase;
let db: Db;
const clock = new TestClock('2025-03-01T00:00:00Z');

function indexer(options: Partial<ChainIndexerOptions> = {}): ChainIndexer {
  return createChainIndexer({
    db,
    clock,
    client: createChainClient(anvil.rpcUrl),
    log: silent,
    chainId: LOCAL,
    contracts,
    confirmations: 1,
    pollMs: 1000,
    ...options,
  });
}

const address = (index: number) => TEST_ACCOUNTS[index]!.address.toLowerCase();

/** staked (not requested) of anvil account `index` by the indexed events */
async function staked(index: number): Promise<bigint> {
  const [row] = await walletStakes(db, contracts, [address(index)], clock.now());
  return row!.staked;
}

async function eventCount(): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chainEvents)
    .where(eq(chainEvents.chainId, LOCAL));
  return row!.n;
}

/** tick until the indexer reports nothing new (at most `max` ticks) */
async function catchUp(ix: ChainIndexer, max = 20) {
  for (let i = 0; i < max; i += 1) {
    const result = await ix.tick();
    if (result.status === 'idle') return result;
    expect(['indexed', 'retry']).toContain(result.status);
  }
  throw new Error('indexer did not catch up');
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

beforeEach(async () => {
  snapshot = await chain.snapshot();
  testDb = await createTestDatabase();
  db = testDb.database.db;
});

afterEach(async () => {
  await testDb?.dispose();
  await chain.revert(snapshot);
});

describe('chain indexer', () => {
  it('counts a log only once it has the configured confirmations', async () => {
    const ix = indexer({ confirmations: 3 });
    await chain.stake(2, bcnt(10_000));
    const stakeBlock = await chain.head();

    let result = await catchUp(ix);
    expect(result.indexedBlock).toBe(stakeBlock - 2);
    expect(await staked(2)).toBe(0n);

    await chain.mine(1); // 2 confirmations
    result = await catchUp(ix);
    expect(result.indexedBlock).toBe(stakeBlock - 1);
    expect(await staked(2)).toBe(0n);

    await chain.mine(1); // 3 confirmations
    result = await catchUp(ix);
    expect(result.indexedBlock).toBe(stakeBlock);
    expect(await staked(2)).toBe(bcnt(10_000));
  });

  it('with confirmations 1 the block containing the log is enough', async () => {
    const ix = indexer();
    await chain.stake(2, bcnt(1_234));
    const result = await catchUp(ix);
    expect(result.indexedBlock).toBe(await chain.head());
    expect(await staked(2)).toBe(bcnt(1_234));
  });

  it('re-running ticks and re-delivering the same logs never double counts', async () => {
    const ix = indexer();
    await chain.stake(3, bcnt(10_000));
    await chain.stake(3, bcnt(5_000));
    await catchUp(ix);
    expect(await staked(3)).toBe(bcnt(15_000));
    const events = await eventCount();

    // Ticks with nothing new.
    for (let i = 0; i < 3; i += 1) expect((await ix.tick()).status).toBe('idle');

    // The cursor back at the start: every log is fetched and delivered again.
    await db.update(chainCursors).set({ blockNumber: -1, blockHash: null });
    const again = await catchUp(indexer());
    expect(again.indexedBlock).toBe(await chain.head());
    expect(await eventCount()).toBe(events);
    expect(await staked(3)).toBe(bcnt(15_000));
  });

  it('a new indexer instance (a restart) continues from the stored cursor', async () => {
    await chain.stake(4, bcnt(10_000));
    const first = await catchUp(indexer());
    expect(await staked(4)).toBe(bcnt(10_000));

    await chain.stake(4, bcnt(20_000));
    const restarted = indexer();
    const result = await restarted.tick();
    expect(result).toMatchObject({ status: 'indexed', from: first.indexedBlock + 1 });
    await catchUp(restarted);
    expect(await staked(4)).toBe(bcnt(30_000));
  });

  it('an evm_revert (reorg): the reverted stake is gone, the new one counts once', async () => {
    const ix = indexer();
    await chain.stake(5, bcnt(1_000));
    await catchUp(ix);
    const fork = await chain.snapshot();

    await chain.stake(5, bcnt(10_000));
    await catchUp(ix);
    expect(await staked(5)).toBe(bcnt(11_000));
    const cursorBefore = (await ix.tick()).indexedBlock;

    await chain.revert(fork);
    // The head is now below the cursor: the indexer rolls the orphaned blocks back.
    expect(await chain.head()).toBeLessThan(cursorBefore);
    const rolledBack = await ix.tick();
    expect(rolledBack.status).toBe('indexed');
    expect(rolledBack.rolledBackTo).toBeLessThanOrEqual(await chain.head());
    expect(await staked(5)).toBe(bcnt(1_000));

    // A different transaction on the new chain, past the old cursor's height.
    await chain.stake(5, bcnt(20_000));
    await chain.mine(3);
    expect(await chain.head()).toBeGreaterThan(cursorBefore);
    await catchUp(ix);
    expect(await staked(5)).toBe(bcnt(21_000));
  });

  it('a reorg at the same height (different block hashes) is found and re-indexed', async () => {
    const ix = indexer();
    const fork = await chain.snapshot();
    await chain.stake(6, bcnt(10_000));
    await chain.mine(2);
    await catchUp(ix);
    const height = await chain.head();
    expect(await staked(6)).toBe(bcnt(10_000));

    await chain.revert(fork);
    await chain.stake(6, bcnt(7_000));
    while ((await chain.head()) < height) await chain.mine(1);
    const result = await ix.tick();
    expect(result.rolledBackTo).toBeDefined();
    await catchUp(ix);
    expect(await staked(6)).toBe(bcnt(7_000));
  });

  it('bounds the blocks one tick reads', async () => {
    const ix = indexer({ maxRange: 5 });
    await chain.stake(7, bcnt(500));
    const head = await chain.head();
    const first = await ix.tick();
    expect(first).toMatchObject({ status: 'indexed', from: 0, to: 4 });
    let result = first;
    let ticks = 1;
    while (result.status !== 'idle') {
      result = await ix.tick();
      if (result.to !== undefined) expect(result.to - result.from! + 1).toBeLessThanOrEqual(5);
      ticks += 1;
    }
    expect(result.indexedBlock).toBe(head);
    expect(ticks).toBeGreaterThanOrEqual(Math.ceil((head + 1) / 5));
    expect(await staked(7)).toBe(bcnt(500));
  });

  it('two indexers ticking at once never double count', async () => {
    await chain.stake(8, bcnt(3_000));
    const a = indexer();
    const b = indexer();
    for (let i = 0; i < 5; i += 1) await Promise.all([a.tick(), b.tick()]);
    await catchUp(a);
    expect(await staked(8)).toBe(bcnt(3_000));
  });

  // PGlite has one connection (a transaction there blocks every other query), so another holder
  // of the lock can only be shown on PostgreSQL (DATABASE_URL set).
  it.skipIf(!usingPostgres)(
    'skips the tick while another process holds the indexer lock',
    async () => {
      await chain.stake(8, bcnt(1_000));
      const other = new pg.Client({ connectionString: testDb.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1, $2)', [INDEXER_LOCK_KEY, LOCAL]);
        const ix = indexer();
        expect((await ix.tick()).status).toBe('locked');
        expect(await staked(8)).toBe(0n);
        await other.query('rollback');
        await catchUp(ix);
        expect(await staked(8)).toBe(bcnt(1_000));
      } finally {
        await other.end();
      }
    },
  );

  it('an unreachable RPC: tick answers "unavailable", logs once per outage, never throws', async () => {
    const warnings: string[] = [];
    const ix = indexer({
      client: createChainClient(CLOSED_RPC_URL, 1_000),
      log: { ...silent, warn: (_obj, msg) => warnings.push(msg ?? '') },
    });
    for (let i = 0; i < 3; i += 1) {
      const result = await ix.tick();
      expect(result.status).toBe('unavailable');
    }
    expect(warnings).toHaveLength(1);
  });
});

describe('chain indexer decoder modules', () => {
  it('a module added to the list is indexed by the unchanged core: rows, apply once per new row, rollback on a reorg', async () => {
    // A test module for the BCNT token's Transfer (the core knows nothing about it).
    const applied: StoredChainEvent[] = [];
    const rollbacks: number[] = [];
    const bcntTransfers = defineChainDecoder({
      name: 'bcnt-test',
      address: () => BCNT,
      abi: bcntAbi,
      events: ['Transfer'],
      toEvent(log) {
        if (log.eventName !== 'Transfer') return undefined;
        const { from, to, value } = log.args;
        return {
          event: 'Transfer',
          fromAddress: from.toLowerCase(),
          toAddress: to.toLowerCase(),
          amount: value.toString(),
          args: { from: from.toLowerCase(), to: to.toLowerCase(), value: `${value}` },
        };
      },
      async apply(_tx, chainId, events) {
        expect(chainId).toBe(LOCAL);
        applied.push(...events);
      },
      async rollback(_tx, _chainId, toBlock) {
        rollbacks.push(toBlock);
      },
    });
    const decoders = [...CHAIN_DECODERS, bcntTransfers];
    const bcntRows = async () =>
      db
        .select()
        .from(chainEvents)
        .where(
          and(
            eq(chainEvents.contract, BCNT.toLowerCase()),
            eq(chainEvents.fromAddress, address(2)),
          ),
        );

    const ix = indexer({ decoders });
    await catchUp(ix);
    const fork = await chain.snapshot();
    await chain.stake(2, bcnt(1_000)); // approve (Approval: not one of the module's events) + transfer
    await catchUp(ix);
    const rows = await bcntRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'Transfer', amount: bcnt(1_000).toString() });
    expect(applied.filter((row) => row.fromAddress === address(2))).toHaveLength(1);
    // the listed loyalty modules still work next to it
    expect(await staked(2)).toBe(bcnt(1_000));
    // the BCNT contract's rows are all Transfer (Approval is not stored)
    const kinds = await db
      .selectDistinct({ event: chainEvents.event })
      .from(chainEvents)
      .where(eq(chainEvents.contract, BCNT.toLowerCase()));
    expect(kinds).toEqual([{ event: 'Transfer' }]);

    // Re-delivered logs are not applied again.
    const appliedBefore = applied.length;
    await db.update(chainCursors).set({ blockNumber: -1, blockHash: null });
    await catchUp(indexer({ decoders }));
    expect(applied).toHaveLength(appliedBefore);

    // A reorg: the module's rows go and its rollback runs.
    await chain.revert(fork);
    const result = await ix.tick();
    expect(result.rolledBackTo).toBeDefined();
    expect(rollbacks).toEqual([result.rolledBackTo]);
    expect(await bcntRows()).toHaveLength(0);
  });

  it('leaves out a module not deployed on the chain; refuses two modules on one address', async () => {
    const absent = { ...CHAIN_DECODERS[0]!, name: 'absent', address: () => undefined };
    expect((await indexer({ decoders: [absent] }).tick()).status).toBe('misconfigured');

    const ix = indexer({ decoders: [...CHAIN_DECODERS, absent] });
    await chain.stake(3, bcnt(700));
    await catchUp(ix);
    expect(await staked(3)).toBe(bcnt(700));

    expect(() =>
      indexer({ decoders: [...CHAIN_DECODERS, { ...CHAIN_DECODERS[0]!, name: 'twin' }] }),
    ).toThrow(/twin and staking both decode/);
  });
});

describe('chain indexer after anvil_reset', () => {
  it('a reset chain (redeployed) is re-indexed from the common ancestor without double counting', async () => {
    const own = await startAnvil({ port: await getFreePort(), quiet: true });
    const database = await createTestDatabase();
    try {
      await deployOrLoadState(own.rpcUrl);
      const ownChain = testChain(own.rpcUrl);
      const ix = createChainIndexer({
        db: database.database.db,
        clock,
        client: createChainClient(own.rpcUrl),
        log: silent,
        chainId: LOCAL,
        contracts,
        confirmations: 1,
        pollMs: 1000,
      });
      const stakedOn = async () =>
        (await walletStakes(database.database.db, contracts, [address(9)], clock.now()))[0]!.staked;
      await ownChain.stake(9, bcnt(40_000));
      await ownChain.mine(5);
      await catchUp(ix);
      expect(await stakedOn()).toBe(bcnt(40_000));

      await ownChain.client.request({ method: 'anvil_reset' as never, params: [] as never });
      await deployOrLoadState(own.rpcUrl);
      await ownChain.stake(9, bcnt(2_500));
      const result = await ix.tick();
      expect(result.rolledBackTo).toBeDefined();
      await catchUp(ix);
      expect(await stakedOn()).toBe(bcnt(2_500));
    } finally {
      await database.dispose();
      await own.stop();
    }
  });
});
