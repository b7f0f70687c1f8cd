import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: `npx drizzle-kit generate` writes SQL migrations from the schema. They are
 * applied at API boot (PGlite or PostgreSQL) by drizzle's migrator; see src/server/db/database.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/wallet-schema.ts',
    './src/server/db/store-schema.ts',
    './src/server/db/withdrawal-schema.ts',
    './src/server/db/convert-schema.ts',
  ],
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
