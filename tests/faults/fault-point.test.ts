// faultPoint (src/server/faults.ts) in a process of its own: it kills only a test or development
// process started to die at that point, at the arrival asked for, and never a production one.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Reach `store.delivery` three times, saying so before each; how the process ended. */
function reachThreeTimes(env: Record<string, string>) {
  const script = [
    "import { faultPoint } from './src/server/faults.ts';",
    "for (const n of [1, 2, 3]) { console.log(`reach ${n}`); faultPoint('store.delivery'); }",
    "console.log('done');",
  ].join('\n');
  return new Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (_code, signal) => resolve({ signal, stdout, stderr }));
    },
  );
}

describe('faultPoint', () => {
  it('kills a test process by SIGKILL at the n-th arrival at its point, and only there', async () => {
    const killed = await reachThreeTimes({ NODE_ENV: 'test', FAULT_KILL_AT: 'store.delivery@2' });
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).toBe('reach 1\nreach 2\n');
    expect(killed.stderr).toContain('fault: killed at store.delivery (2)');

    const other = await reachThreeTimes({
      NODE_ENV: 'development',
      FAULT_KILL_AT: 'deposit.credit',
    });
    expect(other).toMatchObject({ signal: null, stdout: 'reach 1\nreach 2\nreach 3\ndone\n' });
  });

  it('is a no-op in production, and with NODE_ENV unset (production)', async () => {
    const envs: Record<string, string>[] = [
      { NODE_ENV: 'production', FAULT_KILL_AT: 'store.delivery' },
      { FAULT_KILL_AT: 'store.delivery' },
    ];
    for (const env of envs) {
      expect(await reachThreeTimes(env)).toMatchObject({
        signal: null,
        stdout: 'reach 1\nreach 2\nreach 3\ndone\n',
      });
    }
  });
});
