import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Every unit test file under src. */
function unitTestFiles(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return unitTestFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * What a test file may change for the files after it in the same worker: module mocks, the
 * app's i18n singleton language, stubbed globals, spies on globals. Files that do none of it
 * share one environment per worker (no isolation: no fresh jsdom and module graph per file,
 * about 15 times faster); the others get their own. A test i18n instance in another language
 * (`renderWithProviders(..., { lng: 'zh-TW' })`) is the file's own, and fake timers are put
 * back after every test by test-setup.ts, so neither needs isolation. A file that stubs the
 * app's own modules does it with `mockExports` (src/components/testing/mock-exports.ts), which
 * puts them back after the file, instead of vi.mock.
 */
const CHANGES_SHARED_STATE =
  /vi\.mock\(|vi\.doMock\(|initI18n\('zh|changeLanguage|vi\.stubGlobal|vi\.stubEnv|vi\.spyOn\((?:window|globalThis|document|navigator|console)/;

/**
 * What needs a DOM: a .tsx file, a file of src/services (the session lives in localStorage) or
 * one that names the browser's globals or Testing Library. The rest (schemas, rules, routing,
 * formatting) runs in Node, without building a jsdom for the file.
 */
const NEEDS_DOM =
  /localStorage|sessionStorage|window|document|navigator|HTMLElement|testing-library|location|CustomEvent|Event\(|services\/session/;
const needsDom = (file: string, text: string) =>
  file.endsWith('.tsx') || file.startsWith(path.join('src', 'services')) || NEEDS_DOM.test(text);

const unitFiles = unitTestFiles();
const source = new Map(unitFiles.map((file) => [file, readFileSync(file, 'utf8')]));
const isolatedUnitFiles = unitFiles.filter((file) => CHANGES_SHARED_STATE.test(source.get(file)!));
const nodeUnitFiles = unitFiles.filter(
  (file) => !needsDom(file, source.get(file)!) && !CHANGES_SHARED_STATE.test(source.get(file)!),
);

const unit = {
  environment: 'jsdom',
  setupFiles: ['src/test-setup.ts'],
  // the browser packages (React, the router, the query client, i18next, wagmi, ...) pre-bundled
  // into one module each, as Vite serves them to the browser, instead of their hundreds of files
  // loaded one by one; each isolated file loads them again: about 25 s less CPU for the suite
  deps: { optimizer: { client: { enabled: true } } },
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core machines this project
    // runs on that is a single worker. Two keep both cores busy (the integration files mostly
    // wait on PGlite, anvil and child processes).
    maxWorkers: 2,
    // Vitest's 5 s default: a screen test that types through a form with user-event takes 1 to
    // 2 s here, and over 5 s when the machine is busy with other work (seen in CI). A timeout
    // is only the bound on a hang; what a test asserts does not depend on it.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...isolatedUnitFiles, ...nodeUnitFiles],
          isolate: false,
          ...unit,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          include: nodeUnitFiles.length > 0 ? nodeUnitFiles : ['no-such-file'],
          isolate: false,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: isolatedUnitFiles.length > 0 ? isolatedUnitFiles : ['no-such-file'],
          // each file still gets its own module graph and jsdom, in a VM context of a shared
          // worker thread rather than a fresh process: about half the time of the forks pool
          pool: 'vmThreads',
          ...unit,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup-integration.ts'],
          // each file builds its own app and database; the server's modules load once per worker
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
