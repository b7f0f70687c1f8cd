// The API for `npm run bench`'s HTTP figures, in a process of its own (autocannon must not share
// its event loop): built as `npm start` builds it, on in-memory PGlite or, with BENCH_DATABASE_URL,
// on that PostgreSQL database; one identity-verified member. Prints one JSON line
// `{ "base": ..., "token": ... }` when ready and serves until killed.
import { openDatabase } from '../../src/server/db/database';
import { buildBenchApp } from './bench-app';

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { inMemory: true });
  const { app, token } = await buildBenchApp(database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ base, token }));
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
