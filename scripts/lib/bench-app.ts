// The API the benchmarks drive: built as `npm start` builds it (chain unreachable, no app) on the
// given database, with one identity-verified member whose access token it answers.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { verifyMember } from '../../src/server/domain/auth/member-admin';
import { createMember } from '../../tests/helpers/auth';

export async function buildBenchApp(database: Database) {
  const app = await buildApp({
    env: { NODE_ENV: 'test' },
    config: {
      jwtSecret: randomBytes(32).toString('hex'),
      rpcUrl: 'http://127.0.0.1:9',
      serveApp: false,
      // every request comes from 127.0.0.1 and one member: the limits must not answer 429, but
      // the limiter still runs on every request as in production
      rateLimitScale: 1000,
      // the scheduler's poll on a public chain (1 s is the local chain's, for the dev stack)
      schedulerPollMs: 15_000,
    },
    db: database,
    logger: false,
  });
  const member = await createMember(app);
  await verifyMember(
    { db: app.db, clock: app.clock, chainId: app.config.chainId },
    { email: member.email },
  );
  return { app, token: member.token };
}
