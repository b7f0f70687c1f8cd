import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The API process of the crash and replica tests (api-process-entry.ts) with the server's
 * modules in one ES module, built once per test run (tests/global-setup.ts). A spawned process
 * loads it in about 1.5 s, where `node --import tsx` compiling every module again took 4 s and
 * more per process on this machine. Packages stay imports of node_modules; the server's own code
 * is what a process would otherwise compile. (The bundle's `import.meta.url` is its own: the
 * one module that resolves a folder from it, the migrations, is not used by a process that opens
 * an already migrated database.)
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const API_PROCESS_ENTRY = path.join(ROOT, 'tests', 'helpers', 'api-process-entry.ts');
export const API_PROCESS_BUNDLE = path.join(ROOT, '.cache', 'api-process-entry.mjs');

export async function bundleApiProcessEntry(): Promise<void> {
  await build({
    entryPoints: [API_PROCESS_ENTRY],
    outfile: API_PROCESS_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}
