import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secureDirectory } from '../../src/server/data-dir';
import { openDatabase } from '../../src/server/db/database';
import { migratedTemplate } from '../helpers/pglite-template';

/** DATA_DIR and the PGlite data inside it are owner-only. */
const parent = mkdtempSync(path.join(tmpdir(), 'bcnt-datadir-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe('DATA_DIR modes', () => {
  it('an existing world-readable DATA_DIR is tightened to 700, and PGlite data is created 700', async () => {
    const dataDir = path.join(parent, 'open');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    expect(modeOf(dataDir)).toBe(0o755);
    // a copy of the migrated template: what is under test is the directories, not the migrations
    const loadDataDir = await migratedTemplate();
    const database = await openDatabase({ dataDir, loadDataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('a new DATA_DIR is created 700 whatever the umask', () => {
    const dir = path.join(parent, 'new', 'nested');
    const previous = process.umask(0o022);
    try {
      secureDirectory(dir);
    } finally {
      process.umask(previous);
    }
    expect(modeOf(dir)).toBe(0o700);
  });
});
