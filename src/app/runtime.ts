import {
  createMemoryStorage,
  localStorageOrNull,
  UNWRITABLE_STORAGE,
  type KeyValueStorage,
} from '../lib/browser-storage';
import { createChunkRecovery, type ChunkRecovery } from './chunk-recovery';

/**
 * Browser singletons shared by the boot code, the router and the error boundary. Created on
 * first use so unit tests can import the modules that use them without a browser page.
 */

let appStorage: KeyValueStorage | undefined;
let recovery: ChunkRecovery | undefined;

/** localStorage, or a page-lifetime stand-in when the browser disables it. */
export function storage(): KeyValueStorage {
  appStorage ??= localStorageOrNull() ?? createMemoryStorage();
  return appStorage;
}

export function reloadPage(): void {
  window.location.reload();
}

/**
 * Chunk-load recovery on real localStorage only: without persistence its "reload once" could
 * not be guaranteed, so it then never reloads.
 */
export function chunkRecovery(): ChunkRecovery {
  recovery ??= createChunkRecovery({
    storage: localStorageOrNull() ?? UNWRITABLE_STORAGE,
    reload: reloadPage,
  });
  return recovery;
}
