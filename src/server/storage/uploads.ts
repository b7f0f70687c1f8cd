import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files (identity documents) live. Domain code only sees this interface: the
 * default stores files on local disk under UPLOADS_DIR (default `DATA_DIR/uploads/`, outside
 * the web root); an S3-compatible object store implements the same three calls for production
 * replicas (ARCHITECTURE "Past one machine") and is passed to buildApp({ uploads }).
 *
 * Keys are server-generated ids (`[A-Za-z0-9_-]`); nothing from a file name ever reaches a path.
 */
export interface UploadStorage {
  /**
   * Store the bytes of `body` under `key`. When `body` fails (too large, wrong type, the client
   * went away) nothing is left behind and the error is rethrown.
   */
  put(key: string, body: Readable, meta: { contentType: string }): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Remove the object (no error when it does not exist). */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Local disk: one file per key in `dir` (created with mode 0700 on first use; files 0600).
 * A put writes `<key>.<random>.part` and renames it into place once complete, so a reader never
 * sees half a file and a failed upload leaves nothing.
 */
export function createLocalUploadStorage(dir: string): UploadStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, checkKey(key));

  return {
    async put(key, body) {
      const target = fileOf(key);
      await mkdir(root, { recursive: true, mode: 0o700 });
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** The whole object as a buffer (operator downloads; never used on request paths). */
export async function readUpload(storage: UploadStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The storage the configuration names (the API and the operator CLI use the same one). Only the
 * local disk exists so far; an S3-compatible adapter would be chosen here from its settings.
 */
export function createUploadStorage(config: { uploadsDir: string }): UploadStorage {
  return createLocalUploadStorage(config.uploadsDir);
}
