import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/server/db/database';

/**
 * The migrated PGlite data directory every PGlite test database starts from (a copy of it opens
 * in about 0.6 s; initdb and every migration take 10 to 30 s on two busy cores). Built once
 * and kept on disk under node_modules/.cache, named by a hash of the migrations and the PGlite
 * version: vitest's global setup builds it before the workers start, and a later run (or a
 * single test file) finds it there. A change to any migration names a new file.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS = path.join(ROOT, 'src', 'server', 'db', 'migrations');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'bcnt-pglite-template');

function templatePath(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(
      path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
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
