import { ConfigError } from './config';
import { DataDirLockedError } from './db/database';
import { startApi } from './start';

/**
 * API entry point (`tsx src/server/main.ts`): validate the environment, migrate, listen, print
 * the URL, and shut down gracefully on SIGINT/SIGTERM (stop accepting, finish in-flight
 * requests, close the database). A second signal, or 10 s without finishing, forces the exit.
 */
async function main() {
  let api: Awaited<ReturnType<typeof startApi>>;
  try {
    api = await startApi();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { config, url } = api;
  const what = config.serveApp ? 'App and API' : 'API';
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.info(`${what} listening on ${url} (${config.nodeEnv}, database: ${database})`);
  if (api.paperExchangeUrl) {
    console.info(`Paper exchange (Bitfinex API v2 for ccxt) on ${api.paperExchangeUrl}`);
  }

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    shuttingDown = true;
    api.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    api
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Error during shutdown', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
