import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * DATA_DIR holds the database, the generated JWT secret, the ops token and identity documents:
 * it is created owner-only (0700), and an existing directory readable, writable or enterable by
 * group or others is tightened to 0700. When that is not permitted (not the owner) the server
 * refuses to start, saying so, rather than run with its data open to other users.
 */
export const DATA_DIR_MODE = 0o700;

export class DataDirError extends Error {}

export function secureDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(dir, DATA_DIR_MODE);
  } catch (error) {
    throw new DataDirError(
      `${dir} is accessible to other users (mode ${mode.toString(8)}) and cannot be tightened ` +
        `to 700 (${(error as Error).message}): fix its owner or mode, or set DATA_DIR to a private directory.`,
    );
  }
}
