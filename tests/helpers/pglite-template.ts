import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/database';

/**
 * The migrated PGlite data directory every PGlite test database starts from (a copy of it opens
 * in about half a second; initdb and every migration take 10 to 30 s on two busy cores). Built
 * once and kept on disk under node_modules/.cache, named by a hash of the migrations, the PGlite
 * version and the template's settings: vitest's global setup builds it before the workers
 * start, and a later run (or a single test file) finds it there. A change to any migration names
 * a new file.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS = path.join(ROOT, 'src', 'server', 'db', 'migrations');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'bcnt-pglite-template');

/**
 * What makes a copy cheaper to open than the data directory initdb leaves (about 0.8 s of CPU
 * per open to 0.5 here; the integration suite opens about a hundred): shared buffers of 16 MB rather
 * than 128 (a test database is a few MB, and each open sets the buffers up), and no template0
 * and template1 (40 % of the files each copy unpacks; nothing creates a database on
 * PGlite).
 */
const TEMPLATE_SETTINGS = [
  `ALTER SYSTEM SET shared_buffers = '16MB'`,
  'ALTER DATABASE template0 WITH IS_TEMPLATE false',
  'DROP DATABASE template0',
  'ALTER DATABASE template1 WITH IS_TEMPLATE false',
  'DROP DATABASE template1',
  'CHECKPOINT',
];

function templatePath(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(
      path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n${TEMPLATE_SETTINGS.join('\n')}\n`);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .sort();
  for (const file of files(MIGRATIONS)) {
    hash.update(path.relative(MIGRATIONS, file));
    hash.update(readFileSync(file));
  }
  return path.join(CACHE, `${hash.digest('hex').slice(0, 16)}.tar`);
}

async function buildTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  const database = await openDatabase({ inMemory: true });
  try {
    for (const statement of TEMPLATE_SETTINGS) await database.db.execute(sql.raw(statement));
    return new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

/** The template, read from the cache, or built and written there (atomically). */
export async function migratedTemplate(): Promise<Blob> {
  const file = templatePath();
  try {
    return new Blob([new Uint8Array(readFileSync(file))]);
  } catch {
    const bytes = await buildTemplate();
    mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Blob([bytes]);
  }
}

/**
 * A data directory (DATA_DIR) whose PGlite database is a copy of the migrated template, for
 * tests of what runs on a data directory (the CLI, the API's start): the first open does not
 * initdb and migrate.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({
    dataDir,
    loadDataDir: await migratedTemplate(),
  });
  await database.close();
}
