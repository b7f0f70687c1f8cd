import { bundleApiProcessEntry } from './helpers/api-process-bundle';
import { bundleOpsCli } from './helpers/ops-cli';
import { migratedTemplate } from './helpers/pglite-template';

/**
 * Before the integration workers start: the migrated PGlite template on disk, so the workers
 * copy it instead of each migrating its own (PostgreSQL runs need none), and the bundled entry
 * of the API processes the crash and replica tests spawn and of the operator CLI.
 */
export default async function setup(): Promise<void> {
  await Promise.all([
    process.env.DATABASE_URL ? undefined : migratedTemplate(),
    bundleApiProcessEntry(),
    bundleOpsCli(),
  ]);
}
