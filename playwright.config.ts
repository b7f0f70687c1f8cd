import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/chromium';
import { E2E } from './scripts/lib/e2e-env';

const executablePath = findChromium();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Spec files run two at a time (tests of one file in order); the specs that change what every
  // other spec sees (the server clock, maintenance mode: *.time-travel.spec.ts and
  // *.exclusive.spec.ts) run one at a time after all the others.
  fullyParallel: false,
  workers: 2,
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
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Specs that move the server clock and the chain forward, or switch maintenance on, run
    // after all the others, one at a time.
    {
      name: 'time-travel',
      testMatch: ['**/*.time-travel.spec.ts', '**/*.exclusive.spec.ts'],
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
