// A Vite plugin: every text file of the production build also written brotli- and
// gzip-compressed beside it (`x.js.br`, `x.js.gz`), which the API's static plugin sends to
// browsers that accept them (src/server/plugins/static-app.ts, `preCompressed`). Compressed
// once at build time, never per request.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What compresses: scripts, styles, the page, SVG and JSON (images and fonts already are). */
export const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this many bytes a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/**
 * Brotli quality 7: within 1 % of quality 9 on this app's chunks at a fifth of the time, and
 * about 9 % smaller than gzip level 9 (quality 11 would save 7 % more but takes about 20 s per
 * build on two cores).
 */
const BROTLI_QUALITY = 7;

/** The compressed copies of one file (none when it is too small to gain). */
export async function compressedCopies(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer } | null> {
  if (bytes.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: 9 }),
  ]);
  return { br, gz };
}

export function precompress(): Plugin {
  return {
    name: 'bcnt-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => PRECOMPRESSED.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const copies = await compressedCopies(await readFile(path));
            if (!copies) return;
            await Promise.all([
              writeFile(`${path}.br`, copies.br),
              writeFile(`${path}.gz`, copies.gz),
            ]);
          }),
      );
    },
  };
}
