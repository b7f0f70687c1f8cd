import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { buildApp } from '../../src/server/app';
import { TestClock } from '../../src/server/clock';
import { openDatabase } from '../../src/server/db/database';
import { TaskBusy } from '../../src/server/scheduler';

/**
 * The API as a process of its own for the crash and replica tests (tests/helpers/api-process.ts
 * spawns it, bundled by tests/helpers/api-process-bundle.ts): buildApp, the composition root start.ts uses, on the
 * database the tests share between processes (`DATABASE_URL`, or the PGlite data directory
 * `DATA_DIR`), already migrated. The rest of the configuration is the environment (RPC_URL,
 * DEPOSIT_CONFIRMATIONS, SCHEDULER, SCHEDULER_POLL_MS, FAULT_KILL_AT, ...). The clock is a test
 * clock starting at API_CLOCK (moved by `POST /dev/clock/advance`), so a test decides when work
 * is due in each process. `POST /test/tasks/:name` runs a scheduled job the way a scheduler tick
 * does (under its lease; 409 `task_busy` while another process holds it).
 *
 * With API_WAIT_FOR_START=1 it loads its modules and then waits for one line on stdin,
 * `{"clock":"<ISO time>"}`, before it opens the database: a test spawns it ahead (the imports take
 * seconds) and starts it when the database is ready for it and the time is known.
 *
 * Prints one line `{"port":N}` when it listens; SIGTERM closes the server and the database.
 */
const env = process.env;

async function startLine(): Promise<{ clock?: string }> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0) return JSON.parse(text.slice(0, end)) as { clock?: string };
  }
  throw new Error('stdin closed before the start line');
}

const start = env.API_WAIT_FOR_START === '1' ? await startLine() : {};
const database = env.DATABASE_URL
  ? await openDatabase({ databaseUrl: env.DATABASE_URL, migrate: false })
  : await openDatabase({ dataDir: env.DATA_DIR ?? '', migrate: false });

const tasksRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { name: string } }>('/test/tasks/:name', async (request, reply) => {
    try {
      return { result: await app.scheduler.runTask(request.params.name) };
    } catch (error) {
      if (error instanceof TaskBusy) return reply.code(409).send({ error: 'task_busy' });
      throw error;
    }
  });
};

const app = await buildApp({
  env,
  db: database,
  clock: new TestClock(start.clock ?? env.API_CLOCK ?? Date.now()),
  plugins: [tasksRoute],
});
await app.listen({ port: 0, host: '127.0.0.1' });
if (app.config.scheduler) app.scheduler.start();
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
