// `npm test`: every suite. The contracts are compiled first; then two lanes run side by side:
//   - contract tests (forge), then unit + integration tests (vitest): CPU-bound, output kept in
//     .test-logs/ and printed whole when the lane ends;
//   - the e2e build, then the e2e suite (Playwright on the real stack): mostly waiting on the
//     browser, the API and the chain (about half a core of two), output live.
// On two cores the lanes overlap the e2e suite's waiting with vitest's work instead of adding
// them up. Each suite's time is printed at the end; the exit code is the first failure's.
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { ensureChromium } from './lib/chromium';
import { run } from './lib/proc';

const timings: { title: string; seconds: number; code: number }[] = [];
const startedAll = Date.now();
const LOG_DIR = '.test-logs';

/** Each suite's time, printed at the end (and after a failure, up to it). */
function printTimings() {
  console.log('\nSuite times (the two lanes run at the same time):');
  for (const { title, seconds, code } of timings)
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}${code === 0 ? '' : '  (FAILED)'}`);
  console.log(`  ${((Date.now() - startedAll) / 1000).toFixed(1).padStart(7)} s  total`);
}

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** Runs a command with its output appended to `log` (or live when `log` is undefined). */
function runStep(step: Step, log: string | undefined): Promise<number> {
  const env = { ...process.env, ...step.env };
  if (!log) return run(step.command, step.args, { env });
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' });
    out.write(`\n=== ${step.title} ===\n`);
    const child = spawn(step.command, step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code, signal) => out.end(() => resolve(code ?? (signal ? 1 : 0))));
  });
}

/** The steps of a lane in order, up to the first failure. Resolves to the lane's exit code. */
async function lane(name: string, steps: Step[], { live }: { live: boolean }): Promise<number> {
  const log = live ? undefined : `${LOG_DIR}/${name}.log`;
  let code = 0;
  for (const step of steps) {
    const started = Date.now();
    if (live) console.log(`\n=== ${step.title} ===`);
    else console.log(`\n=== ${step.title} (output in ${log}, printed when the lane ends) ===`);
    code = await runStep(step, log);
    const seconds = (Date.now() - started) / 1000;
    timings.push({ title: step.title, seconds, code });
    const mark = code === 0 ? '✔' : '✖';
    console.log(
      `${mark} ${step.title} (${seconds.toFixed(1)}s${code === 0 ? '' : `, exit ${code}`})`,
    );
    if (code !== 0) break;
  }
  if (log) {
    console.log(`\n----- ${name}: ${log} -----`);
    console.log(readFileSync(log, 'utf8'));
    console.log(`----- end of ${name} -----`);
  }
  return code;
}

async function main() {
  const chromium = ensureChromium();
  mkdirSync(LOG_DIR, { recursive: true });
  for (const name of ['contracts-and-vitest'])
    createWriteStream(`${LOG_DIR}/${name}.log`, { flags: 'w' }).end();
  const foundryProfile = process.env.FOUNDRY_PROFILE ?? (process.env.CI ? 'default' : 'quick');

  // Compiled once before the lanes: the chain tests, forge test and the e2e set-up all read
  // contracts/out and would otherwise compile into it at the same time in a fresh clone.
  const build: Step = {
    title: 'Compile the contracts (forge build)',
    command: 'npx',
    args: ['tsx', 'scripts/forge.ts', 'build'],
  };
  const started = Date.now();
  console.log(`\n=== ${build.title} ===`);
  const built = await runStep(build, undefined);
  timings.push({ title: build.title, seconds: (Date.now() - started) / 1000, code: built });
  if (built !== 0) {
    printTimings();
    process.exit(built);
  }

  const codes = await Promise.all([
    lane(
      'contracts-and-vitest',
      [
        {
          title: `Contract tests (forge, profile ${foundryProfile})`,
          command: 'npx',
          args: ['tsx', 'scripts/forge.ts', 'test'],
          env: { FOUNDRY_PROFILE: foundryProfile },
        },
        { title: 'Unit and integration tests (vitest)', command: 'npx', args: ['vitest', 'run'] },
      ],
      { live: false },
    ),
    lane(
      'e2e',
      [
        {
          title: 'Build the app for e2e (React development build)',
          command: 'npx',
          args: ['tsx', 'scripts/build-e2e.ts'],
        },
        {
          title: 'End-to-end tests (Playwright, real stack)',
          command: 'npx',
          args: ['playwright', 'test'],
          env: { CHROMIUM_PATH: chromium },
        },
      ],
      { live: true },
    ),
  ]);
  printTimings();
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.error('\n✖ Some suites failed (see above).');
    process.exit(failed);
  }
  console.log('\nAll test suites passed.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
