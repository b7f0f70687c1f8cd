import { migratedTemplate } from './helpers/pglite-template';

/**
 * Before the integration workers start: the migrated PGlite template on disk, so the workers
 * copy it instead of each migrating its own (PostgreSQL runs need none).
 */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await migratedTemplate();
}
