// `npm test`: everything, in order, stopping at the first failure:
// contract tests (forge), unit + integration tests (vitest), build, e2e (Playwright). The e2e
// build needs nothing from forge or vitest (the contracts' addresses and ABIs the app imports are
// committed), so it runs beside them from the start (its output printed when vitest ends): forge
// spends most of a clean run compiling with solcjs on one core, and the build takes the other.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ensureChromium } from './lib/chromium';
import { run } from './lib/proc';

/** A command run beside another: output kept and printed later. */
function captured(command: string, args: string[]) {
  const started = Date.now();
  let output = '';
  const done = new Promise<{ code: number; output: string; seconds: number }>((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      output += String(error);
      resolve({ code: 1, output, seconds: (Date.now() - started) / 1000 });
    });
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }),
    );
  });
  return done;
}

const timings: { title: string; seconds: number; cpu?: number }[] = [];
const startedAll = Date.now();

/**
 * CPU seconds the whole machine has been busy (Linux: /proc/stat, all cores, everything but idle
 * and I/O wait), so each suite's CPU can be printed beside its time: on a 2-core machine a suite
 * near twice its time in CPU is bound by the CPU, not by waiting. Machine-wide because the
 * suites' processes (browsers, API stacks) are not all waited for by this one; other work on the
 * machine counts too.
 */
function machineCpuSeconds(): number | undefined {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    const ticks = cpu.map(Number);
    const busy = ticks.reduce((sum, value) => sum + value, 0) - ticks[3]! - ticks[4]!;
    return busy / 100;
  } catch {
    return undefined;
  }
}

const cpuAtStart = machineCpuSeconds();

/** Each suite's time, printed at the end (and after a failure, up to it). */
function printTimings() {
  console.log('\nSuite times:');
  // (the build beside forge and vitest is not on the total's path; its CPU is in their lines)
  const cpuText = (cpu: number | undefined) =>
    cpu === undefined ? '' : `  (machine CPU ${cpu.toFixed(0)} s)`;
  for (const { title, seconds, cpu } of timings)
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}${cpuText(cpu)}`);
  const cpuNow = machineCpuSeconds();
  const cpuAll = cpuNow !== undefined && cpuAtStart !== undefined ? cpuNow - cpuAtStart : undefined;
  console.log(
    `  ${((Date.now() - startedAll) / 1000).toFixed(1).padStart(7)} s  total${cpuText(cpuAll)}`,
  );
}

async function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  const cpuBefore = machineCpuSeconds();
  console.log(`\n=== ${title} ===`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  const elapsed = (Date.now() - started) / 1000;
  const cpuAfter = machineCpuSeconds();
  timings.push({
    title,
    seconds: elapsed,
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpu: cpuAfter - cpuBefore } : {}),
  });
  const seconds = elapsed.toFixed(1);
  if (code !== 0) {
    console.error(`\n✖ ${title} failed (exit ${code}) after ${seconds}s`);
    printTimings();
    process.exit(code);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

async function main() {
  // Fail fast (or install) before spending minutes on the other suites.
  const chromium = ensureChromium();
  const npx = 'npx';
  // The `quick` invariant profile (32 x 250, contracts/foundry.toml) everywhere, so `npm test`
  // is the same run in CI as on a laptop; CI runs Foundry's default campaign (256 x 500) as a
  // lane of its own (.ci/run). FOUNDRY_PROFILE set by the caller wins.
  const foundryProfile = process.env.FOUNDRY_PROFILE ?? 'quick';
  const build = captured(npx, ['tsx', 'scripts/build-e2e.ts']);
  await step(
    `Contract tests (forge, profile ${foundryProfile})`,
    npx,
    ['tsx', 'scripts/forge.ts', 'test'],
    {
      FOUNDRY_PROFILE: foundryProfile,
    },
  );
  await step('Unit and integration tests (vitest)', npx, ['vitest', 'run']);
  const built = await build;
  const buildTitle = 'Build the app for e2e (as in production; beside forge and vitest)';
  console.log(`\n=== ${buildTitle} ===\n${built.output}`);
  timings.push({ title: buildTitle, seconds: built.seconds });
  if (built.code !== 0) {
    console.error(`\n✖ ${buildTitle} failed (exit ${built.code})`);
    printTimings();
    process.exit(built.code);
  }
  await step('End-to-end tests (Playwright, real stack)', npx, ['playwright', 'test'], {
    CHROMIUM_PATH: chromium,
  });
  printTimings();
  console.log('\nAll test suites passed.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
