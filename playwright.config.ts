import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/chromium';
import { E2E, E2E_TIME_TRAVEL_STACKS } from './scripts/lib/e2e-env';

const executablePath = findChromium();
/** workers of the specs on the shared stack */
const SHARED_WORKERS = 4;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Spec files run four at a time (tests of one file in order) on the shared stack; the specs
  // that change what every other spec would see (the server clock and the chain:
  // *.time-travel.spec.ts; maintenance mode: *.exclusive.spec.ts) run beside them, each worker
  // on a stack of its own (scripts/lib/e2e-env.ts, e2e/fixtures/stack.ts). The specs mostly
  // wait (on the app's polling, the jobs' and the indexer's), so seven workers keep the two
  // cores of the machines this runs on busy without starving each other.
  fullyParallel: false,
  workers: SHARED_WORKERS + E2E_TIME_TRAVEL_STACKS.length,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseUrl,
    // as a member who asks for less motion: spinners and transitions stop repainting, which
    // took about a third of Chromium's CPU time in the suite
    reducedMotion: 'reduce',
    // Recording a trace for every test costs about a third of the suite's CPU on this 2-core
    // machine, so it is asked for when debugging: E2E_TRACE=1 keeps the failed tests' traces.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['**/*.time-travel.spec.ts', '**/*.exclusive.spec.ts'],
      workers: SHARED_WORKERS,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'time-travel',
      testMatch: ['**/*.time-travel.spec.ts', '**/*.exclusive.spec.ts'],
      workers: E2E_TIME_TRAVEL_STACKS.length,
      // each test on whichever stack is free: they set up what they need (a member, funds) and
      // take the clock and chain as they find them, so a spec's long tests need not wait in line
      fullyParallel: true,
      // baseURL: the stack the worker claims (e2e/fixtures/test.ts)
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
