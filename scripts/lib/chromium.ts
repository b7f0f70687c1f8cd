// Finds Debian's Chromium for Playwright (it cannot download its own browser here).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

function isDebianRoot(): boolean {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return root && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

/**
 * Returns the Chromium path. When it is missing and we run as root on Debian, installs
 * Debian's `chromium`; otherwise fails with a message saying what to install.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (isDebianRoot()) {
    console.log('Chromium not found: installing Debian package "chromium" (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed) return installed;
  }
  const distro = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const hint = /debian|ubuntu/i.test(distro)
    ? 'Install it with: sudo apt-get install chromium'
    : 'Install Chromium and set CHROMIUM_PATH to its executable.';
  throw new Error(`Chromium is required for the end-to-end tests but was not found. ${hint}`);
}
