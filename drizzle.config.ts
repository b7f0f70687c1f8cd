import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: `npx drizzle-kit generate` writes SQL migrations from the schema. They are
 * applied at API boot (PGlite or PostgreSQL) by drizzle's migrator; see src/server/db/database.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  // every file of the folder (one per area; index.ts re-exports them, drizzle-kit counts a
  // table once)
  schema: './src/server/db/schema',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
