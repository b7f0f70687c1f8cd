// The API for `npm run bench`'s HTTP figures, in a process of its own (autocannon must not share
// its event loop): built as `npm start` builds it, on in-memory PGlite or, with BENCH_DATABASE_URL,
// on that PostgreSQL database; one identity-verified member. Prints one JSON line
// `{ "base": ..., "token": ... }` when ready and serves until killed.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { verifyMember } from '../../src/server/domain/auth/member-admin';
import { createMember } from '../../tests/helpers/auth';

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { inMemory: true });
  const app = await buildApp({
    env: { NODE_ENV: 'test' },
    config: {
      jwtSecret: randomBytes(32).toString('hex'),
      rpcUrl: 'http://127.0.0.1:9',
      serveApp: false,
      // every request comes from 127.0.0.1 and one member: the limits must not answer 429, but
      // the limiter still runs on every request as in production
      rateLimitScale: 1000,
    },
    db: database,
    logger: false,
  });
  const member = await createMember(app);
  await verifyMember(
    { db: app.db, clock: app.clock, chainId: app.config.chainId },
    { email: member.email },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ base, token: member.token }));
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
