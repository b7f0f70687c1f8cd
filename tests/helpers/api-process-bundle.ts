import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServerEntry } from '../../scripts/lib/server-bundle';

/**
 * The API process of the crash and replica tests (api-process-entry.ts) with the server's
 * modules in one ES module, built once per test run (tests/global-setup.ts): a spawned process
 * loads it in about 1.5 s, where `node --import tsx` compiling every module again took 4 s and
 * more per process on this machine.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const API_PROCESS_ENTRY = path.join(ROOT, 'tests', 'helpers', 'api-process-entry.ts');
export const API_PROCESS_BUNDLE = path.join(ROOT, '.cache', 'api-process-entry.mjs');

export function bundleApiProcessEntry(): Promise<void> {
  return bundleServerEntry(API_PROCESS_ENTRY, API_PROCESS_BUNDLE);
}
