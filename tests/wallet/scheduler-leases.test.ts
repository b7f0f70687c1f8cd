import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerLeases } from '../../src/server/db/schema/scheduler';
import { LEASE_TTL_MS } from '../../src/server/domain/wallet/leases';
import { runOpsCommand } from '../../src/server/ops/commands';
import { TaskBusy } from '../../src/server/scheduler';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Two API processes on one database (two apps sharing it, each with its own scheduler): a task
 * runs in one of them at a time, a crashed holder's lease expires, and the operator's
 * `withdrawals run` waits its turn behind the scheduler's withdrawal task.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ database: a.database, clock: a.clock });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

function probe(app: TestApp, name: string) {
  const runs: string[] = [];
  let release: () => void = () => {};
  app.app.scheduler.register({
    name,
    run: async () => {
      runs.push('start');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      runs.push('end');
      return 'done';
    },
  });
  return { runs, release: () => release() };
}

describe('scheduler task leases', () => {
  it('every app registers the jobs of jobs/ once, in their order', () => {
    const jobs = [
      'deposits',
      'withdrawals',
      'custodial-unstake',
      'store-delivery',
      'earn-lifecycle',
      'exchange-api-keys',
      'autotrade-strategies',
      'autotrade-executor',
      'autotrade-snapshots',
      'autotrade-fees',
      'autotrade-margin',
      'autotrade-reports',
      'lending-billing',
      'lending-bot',
      'binfi-rounds',
      'binfi-flame',
      'referral-rewards',
      'partner-rebates',
      'airdrop-payout',
    ];
    expect(a.app.scheduler.tasks).toEqual(jobs);
    expect(b.app.scheduler.tasks).toEqual(jobs);
  });

  // before the probes of the next tests, which wait to be released
  it('a tick takes the leases of the tasks that are free and gives every one back', async () => {
    await a.database.db.insert(schedulerLeases).values({
      task: 'task:store-delivery',
      holder: 'another-api-process',
      expiresAt: new Date(a.clock.now().getTime() + LEASE_TTL_MS),
    });
    await a.app.scheduler.tick();
    const left = await a.database.db.select().from(schedulerLeases);
    expect(left.map((lease) => [lease.task, lease.holder])).toEqual([
      ['task:store-delivery', 'another-api-process'],
    ]);
    await a.database.db.delete(schedulerLeases);
  });

  it('runs a task in one process at a time; the other finds it busy, then may run it', async () => {
    const first = probe(a, 'probe');
    const second = probe(b, 'probe');
    const running = a.app.scheduler.runTask('probe');
    await expect.poll(() => first.runs).toEqual(['start']);
    await expect(b.app.scheduler.runTask('probe')).rejects.toBeInstanceOf(TaskBusy);
    // a scheduler tick in the other process skips it without counting a failure
    await b.app.scheduler.tick();
    expect(second.runs).toEqual([]);
    first.release();
    await expect(running).resolves.toBe('done');
    const again = b.app.scheduler.runTask('probe');
    await expect.poll(() => second.runs).toEqual(['start']);
    second.release();
    await expect(again).resolves.toBe('done');
  });

  it('a lease left by a crashed process expires', async () => {
    const job = probe(a, 'crash-probe');
    await a.database.db.insert(schedulerLeases).values({
      task: 'task:crash-probe',
      holder: 'a-process-that-died',
      expiresAt: new Date(a.clock.now().getTime() + LEASE_TTL_MS),
    });
    await expect(a.app.scheduler.runTask('crash-probe')).rejects.toBeInstanceOf(TaskBusy);
    a.clock.advance(LEASE_TTL_MS + 1000);
    const running = a.app.scheduler.runTask('crash-probe');
    await expect.poll(() => job.runs).toEqual(['start']);
    job.release();
    await expect(running).resolves.toBe('done');
  });

  it('the operator run of the withdrawal queue refuses while another process processes it', async () => {
    await a.database.db.insert(schedulerLeases).values({
      task: 'task:withdrawals',
      holder: 'another-api-process',
      expiresAt: new Date(a.clock.now().getTime() + LEASE_TTL_MS),
    });
    const ctx = { db: a.database.db, clock: a.clock, wallet: a.app.wallet };
    await expect(runOpsCommand(ctx, 'withdrawals/run', {})).rejects.toBeInstanceOf(TaskBusy);
    await expect(
      runOpsCommand({ ...ctx, scheduler: a.app.scheduler }, 'withdrawals/run', {}),
    ).rejects.toBeInstanceOf(TaskBusy);
    a.clock.advance(LEASE_TTL_MS + 1000);
    await expect(runOpsCommand(ctx, 'withdrawals/run', {})).resolves.toMatchObject({
      claimed: 0,
      failed: 0,
    });
  });
});
