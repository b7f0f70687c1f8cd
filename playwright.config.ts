import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/chromium';
import { E2E } from './scripts/lib/e2e-env';

const executablePath = findChromium();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Spec files run two at a time (tests of one file in order) on the shared stack; the specs
  // that change what every other spec would see (the server clock and the chain:
  // *.time-travel.spec.ts; maintenance mode: *.exclusive.spec.ts) run beside them, two at a
  // time, each worker on a stack of its own (scripts/lib/e2e-env.ts, e2e/fixtures/stack.ts).
  fullyParallel: false,
  workers: 4,
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
      workers: 2,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'time-travel',
      testMatch: ['**/*.time-travel.spec.ts', '**/*.exclusive.spec.ts'],
      workers: 2,
      // baseURL: the stack the worker claims (e2e/fixtures/test.ts)
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
