import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `<DATA_DIR>/api.json`: written (mode 0600) by an API running on PGlite, removed at
 * shutdown. It tells the operator CLI that the data directory is held by that process and how
 * to reach its loopback-only `/ops/*` routes: its port and an ops token generated at boot.
 */
export const API_FILE = 'api.json';
export const OPS_TOKEN_HEADER = 'x-ops-token';

export const apiFileSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  host: z.string(),
  opsToken: z.string().min(32),
  startedAt: z.string(),
});
export type ApiFile = z.infer<typeof apiFileSchema>;

export function generateOpsToken(): string {
  return randomBytes(32).toString('base64url');
}

export function apiFilePath(dataDir: string): string {
  return path.join(dataDir, API_FILE);
}

export function writeApiFile(dataDir: string, info: ApiFile): void {
  mkdirSync(dataDir, { recursive: true });
  const file = apiFilePath(dataDir);
  writeFileSync(file, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // mode only applies when the file is created
}

export function readApiFile(dataDir: string): ApiFile | undefined {
  try {
    const parsed = apiFileSchema.safeParse(JSON.parse(readFileSync(apiFilePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Remove the file only if it is still ours (another API may have replaced it). */
export function removeApiFile(dataDir: string, opsToken: string): void {
  const current = readApiFile(dataDir);
  if (current && tokensEqual(current.opsToken, opsToken))
    rmSync(apiFilePath(dataDir), { force: true });
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokensEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
