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
 * i18n language, fake timers, stubbed globals. Files that do none of it share one environment
 * per worker (no isolation: no fresh jsdom and module graph per file, about 15 times faster);
 * the others get their own, as before.
 */
const CHANGES_SHARED_STATE =
  /vi\.mock\(|vi\.doMock\(|initI18n\('zh|changeLanguage|lng: 'zh|vi\.stubGlobal|vi\.stubEnv|vi\.useFakeTimers|vi\.spyOn\((?:window|globalThis|document|navigator|console)/;

const unitFiles = unitTestFiles();
const isolatedUnitFiles = unitFiles.filter((file) =>
  CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')),
);

const unit = { environment: 'jsdom', setupFiles: ['src/test-setup.ts'] };

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core machines this project
    // runs on that is a single worker. Two keep both cores busy (the integration files mostly
    // wait on PGlite, anvil and child processes).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: isolatedUnitFiles,
          isolate: false,
          ...unit,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: isolatedUnitFiles.length > 0 ? isolatedUnitFiles : ['no-such-file'],
          ...unit,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
