import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Chunk-load failure recovery (spec sections 4 and 8). After a deploy, an open tab may ask for
 * a lazily loaded chunk that no longer exists. Then: store the target path, reload once (the new
 * index.html knows the new chunks), and resume at the stored path.
 *
 * It never loops: the stored record is marked `resumed` by the boot after the reload, and a
 * failure while a resumed record is present does not reload again (the error page shows, with a
 * retry). The record is cleared once a screen renders, so a later deploy can recover again. Any
 * boot that finds an already-resumed record (a manual reload) clears it.
 */

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface ChunkReloadRecord {
  path: string;
  at: number;
  resumed: boolean;
}

function parseRecord(value: unknown): ChunkReloadRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { path, at, resumed } = value as Record<string, unknown>;
  if (
    typeof path !== 'string' ||
    !path.startsWith('/') ||
    typeof at !== 'number' ||
    typeof resumed !== 'boolean'
  ) {
    return null;
  }
  return { path, at, resumed };
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload failure
  /Loading (?:CSS )?chunk [\w-]+ failed/i, // webpack wording
];

/** ChunkLoadError, CSS_CHUNK_LOAD_FAILED, and the browsers' failed dynamic import messages. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return (
    typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))
  );
}

export interface ChunkRecoveryDeps {
  storage: KeyValueStorage;
  reload: () => void;
  now?: () => number;
}

export type ChunkFailureOutcome = 'reloading' | 'gave-up';

export interface ChunkRecovery {
  /** A chunk failed while going to `targetPath` (pathname + search + hash). */
  handleFailure(targetPath: string): ChunkFailureOutcome;
  /** At boot: the path to resume at after a recovery reload, or null. */
  resumeTarget(): string | null;
  /** A screen rendered: recovery is complete. */
  markRendered(): void;
}

export function createChunkRecovery(deps: ChunkRecoveryDeps): ChunkRecovery {
  const now = deps.now ?? (() => Date.now());

  function read(): ChunkReloadRecord | null {
    try {
      const raw = deps.storage.getItem(STORAGE_KEYS.chunkReloadTarget);
      if (!raw) return null;
      return parseRecord(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  function write(record: ChunkReloadRecord): boolean {
    try {
      deps.storage.setItem(STORAGE_KEYS.chunkReloadTarget, JSON.stringify(record));
      return true;
    } catch {
      return false;
    }
  }

  function clear(): void {
    try {
      deps.storage.removeItem(STORAGE_KEYS.chunkReloadTarget);
    } catch {
      // nothing stored
    }
  }

  return {
    handleFailure(targetPath) {
      const record = read();
      // Already recovered once: show the error instead of reloading again.
      if (record?.resumed) return 'gave-up';
      // A reload for this failure is already under way.
      if (record) return 'reloading';
      // Without storage the "once" could not be guaranteed: do not reload at all.
      if (!write({ path: targetPath, at: now(), resumed: false })) return 'gave-up';
      deps.reload();
      return 'reloading';
    },
    resumeTarget() {
      const record = read();
      if (!record) return null;
      if (record.resumed) {
        clear();
        return null;
      }
      write({ ...record, resumed: true });
      return record.path;
    },
    markRendered() {
      if (read()) clear();
    },
  };
}
