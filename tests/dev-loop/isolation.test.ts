// The two primitives a per-spec-file isolation of the e2e stack would use, timed: an anvil
// snapshot and revert of the deployed chain, and a reset of the migrated database (every table
// emptied in one transaction). README "Developer loop" quotes the medians printed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState, jsonRpc, type DeployedAddresses } from '../../scripts/deploy';
import { forgeBuild } from '../../scripts/forge';
import { runFaucet } from '../../src/server/routes/dev/dev-chain';
import { LOCAL_CHAIN_ID } from '../../src/shared/constants/chain';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app';

const ROUNDS = 15;
const BUDGET_MS = 100;

/** Empties every table of the public schema (a test database only). */
const RESET = sql.raw(`do $$
declare t text;
begin
  perform set_config('session_replication_role', 'replica', true);
  for t in select quote_ident(tablename) from pg_tables where schemaname = 'public' loop
    execute 'delete from ' || t;
  end loop;
end $$`);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('e2e isolation primitives', () => {
  let anvil: AnvilHandle;
  let addresses: DeployedAddresses;
  let testDb: TestDatabase;

  beforeAll(async () => {
    await forgeBuild({ quiet: true });
    anvil = await startAnvil({ port: await getFreePort(), quiet: true });
    ({ addresses } = await deployOrLoadState(anvil.rpcUrl));
    testDb = await createTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await testDb?.dispose();
    await anvil?.stop();
  });

  it(`anvil: snapshot and revert of the deployed chain each under ${BUDGET_MS} ms`, async () => {
    const snapshots: number[] = [];
    const reverts: number[] = [];
    const target = '0x00000000000000000000000000000000000a11ce';
    const bcntOf = async () =>
      BigInt(
        await jsonRpc<string>(anvil.rpcUrl, 'eth_call', [
          { to: addresses.bcnt, data: `0x70a08231${target.slice(2).padStart(64, '0')}` },
          'latest',
        ]),
      );
    for (let round = 0; round < ROUNDS; round += 1) {
      let id = '';
      snapshots.push(
        await timed(async () => (id = await jsonRpc<string>(anvil.rpcUrl, 'evm_snapshot'))),
      );
      // what a spec does: transactions that change balances
      await runFaucet(
        { rpcUrl: anvil.rpcUrl, chainId: LOCAL_CHAIN_ID },
        { address: target, bcnt: '5' },
      );
      expect(await bcntOf()).toBe(5n * 10n ** 18n);
      reverts.push(await timed(() => jsonRpc(anvil.rpcUrl, 'evm_revert', [id])));
      expect(await bcntOf()).toBe(0n);
    }
    console.log(
      `anvil evm_snapshot median ${median(snapshots).toFixed(1)} ms, evm_revert median ${median(reverts).toFixed(1)} ms (${ROUNDS} rounds)`,
    );
    expect(median(snapshots)).toBeLessThan(BUDGET_MS);
    expect(median(reverts)).toBeLessThan(BUDGET_MS);
  }, 60_000);

  it(`database: every table emptied in one transaction under ${BUDGET_MS} ms`, async () => {
    const { db } = testDb.database;
    const rows = await db.execute<{ name: string }>(
      sql`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (
      (rows as { rows?: { name: string }[] }).rows ?? (rows as unknown as { name: string }[])
    ).map((row) => row.name);
    expect(tables.length).toBeGreaterThan(10);
    const resets: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await db.execute(
        sql`insert into settings (key, value, updated_at) values (${`isolation-${round}`}, '{}'::jsonb, now())`,
      );
      // One round trip: every public table emptied in a DO block. The ledger's immutability
      // triggers (and the foreign keys' triggers) are set aside for this transaction only
      // (session_replication_role = replica); DELETE, not TRUNCATE: on mostly empty tables it
      // is about 4 times faster (TRUNCATE of the 60-odd tables took ~180 ms here).
      resets.push(await timed(() => db.execute(RESET)));
      const left = await db.execute(sql`select count(*)::int as n from settings`);
      expect(
        ((left as { rows?: { n: number }[] }).rows ?? (left as unknown as { n: number }[]))[0]!.n,
      ).toBe(0);
    }
    console.log(
      `database reset (delete from ${tables.length} tables) median ${median(resets).toFixed(1)} ms (${ROUNDS} rounds, ${testDb.database.driver})`,
    );
    expect(median(resets)).toBeLessThan(BUDGET_MS);
  }, 60_000);
});
