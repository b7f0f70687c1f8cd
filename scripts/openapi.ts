// `npm run openapi` (part of `npm run build`): writes the OpenAPI 3.1 document of the production
// API (src/server/openapi.ts) to dist/openapi.json. Builds the app as production would, on an
// empty in-memory database that is never queried (routes are only registered), and closes it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { english, generateMnemonic } from 'viem/accounts';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { API_VERSION, openApiDocument } from '../src/server/openapi';

async function main() {
  const database = await openDatabase({ inMemory: true, migrate: false });
  const app = await buildApp({
    // production's routes; the secrets it requires are throwaway ones (nothing is signed)
    env: {
      NODE_ENV: 'production',
      WALLET_SEED: generateMnemonic(english),
      DATA_KEY: randomBytes(32).toString('hex'),
      APP_ORIGIN: 'https://app.example',
    },
    config: {
      jwtSecret: randomBytes(32).toString('hex'),
      rpcUrl: 'http://127.0.0.1:9',
      serveApp: false,
    },
    db: database,
    logger: false,
  });
  try {
    await app.ready();
    const document = openApiDocument(app.routeTable, API_VERSION);
    mkdirSync('dist', { recursive: true });
    writeFileSync('dist/openapi.json', `${JSON.stringify(document, null, 2)}\n`);
    console.log(`dist/openapi.json: ${Object.keys(document.paths).length} paths`);
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
