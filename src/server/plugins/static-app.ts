import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_PREFIXES } from '../../shared/api/services';
import { isLocale, type Locale } from '../../shared/constants/locales';
import {
  cookieValue,
  FIRST_SCREEN_COOKIE,
  legalFileOf,
  OWN_FIRST_SCREEN,
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  requestLocale,
  type PrerenderManifest,
} from '../../shared/prerender';

/**
 * Serves the built browser app (APP_DIST_DIR) when SERVE_APP is on, the way `npm start` runs in
 * production: hashed files under /assets/ are cached for a year, index.html is always
 * revalidated, text files go brotli- or gzip-compressed when the build left compressed copies. Unknown GET paths that are app routes get index.html (client-side routing).
 * In production `.map` files are not served (404).
 *
 * Prerendered public pages (the build's `prerendered/pages.json`, README "Prerendered public
 * pages"): a GET of such a path without a query gets the file prerendered in the language the
 * app will start in (the `lang` cookie, else Accept-Language), unless the browser said its first
 * screen is its own (`first-screen=own`: a member, maintenance); those get index.html as before.
 * A page that shows a legal document is sent only while LEGAL_DIR's file is the one the build
 * rendered (the operator replaces those files without a build).
 */

/** First path segments that belong to the server, never to the app's client-side routes. */
export const SERVER_PATH_ROOTS: ReadonlySet<string> = new Set([
  ...Object.values(SERVICE_PREFIXES).map((prefix) => prefix.split('/')[1] ?? ''),
  'dev',
  'ops',
  'health',
]);

/**
 * GET/HEAD of a path that is not under a service prefix, /dev, /ops or /health, and does not
 * look like a file (a missing `/assets/x.js` must stay a 404: serving HTML as a script only
 * hides the chunk-load error the app recovers from).
 */
export function isSpaFallbackRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.url.split('?')[0] ?? '/').split('#')[0] ?? '/';
  const segments = pathname.split('/').filter(Boolean);
  const root = segments[0] ?? '';
  if (SERVER_PATH_ROOTS.has(root)) return false;
  const last = segments.at(-1) ?? '';
  const extension = path.extname(last);
  return extension === '' || extension === '.html';
}

/** The prerendered pages of the build in `root`, or null when it has none. */
export function readPrerenderManifest(root: string): PrerenderManifest | null {
  const file = path.join(root, PRERENDER_DIR, PRERENDER_MANIFEST);
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as PrerenderManifest;
  for (const [page, name] of Object.entries(manifest.pages)) {
    if (!page.startsWith('/') || name.includes('/') || name.includes('..'))
      throw new Error(`${file}: ${page} -> ${name} is not a page and a file name`);
  }
  if (!manifest.locales.every(isLocale)) throw new Error(`${file}: unknown locales`);
  for (const [page, document] of Object.entries(manifest.legal ?? {})) {
    if (!Object.hasOwn(manifest.pages, page) || !/^[a-z][a-z-]*$/.test(document))
      throw new Error(`${file}: ${page} -> ${document} is not a page and a document name`);
  }
  return manifest;
}

/**
 * Whether a file of LEGAL_DIR (`<locale>/<document>.md`, a name from the build's manifest,
 * never from a request) is still the one the build rendered: its SHA-256, computed again when
 * its modification time or size changes. A missing file is not.
 */
export function legalFileCheck(legalDir: string) {
  const known = new Map<string, { mtimeMs: number; size: number; digest: string }>();
  return async (name: string, digest: string): Promise<boolean> => {
    const file = path.join(legalDir, name);
    try {
      const { mtimeMs, size } = await stat(file);
      let entry = known.get(name);
      if (!entry || entry.mtimeMs !== mtimeMs || entry.size !== size) {
        const bytes = await readFile(file);
        entry = { mtimeMs, size, digest: createHash('sha256').update(bytes).digest('hex') };
        known.set(name, entry);
      }
      return entry.digest === digest;
    } catch {
      return false;
    }
  };
}

/**
 * The prerendered file (relative to the dist folder) this request should get, or null: GET or
 * HEAD of a prerendered path with no query, from a browser showing the visitor's first screen.
 * The path must be the page's exactly: the browser hydrates the markup only at the path it was
 * rendered for (`/bcnt/`, `/BCNT` or `/bcnt?tab=history` show the same route, but get the plain
 * app page, which renders in the browser as before).
 */
export function prerenderedFileFor(
  request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>,
  manifest: PrerenderManifest,
): { file: string; locale: Locale } | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.url.includes('?')) return null;
  if (!Object.hasOwn(manifest.pages, request.url)) return null;
  const file = manifest.pages[request.url];
  if (!file) return null;
  const cookie = request.headers.cookie;
  if (cookieValue(cookie, FIRST_SCREEN_COOKIE) === OWN_FIRST_SCREEN) return null;
  const locale = requestLocale({ cookie, acceptLanguage: request.headers['accept-language'] });
  if (!manifest.locales.includes(locale)) return null;
  return { file: `${PRERENDER_DIR}/${locale}/${file}`, locale };
}

async function staticAppPlugin(app: FastifyInstance) {
  const root = app.config.appDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `SERVE_APP is on but ${path.join(root, 'index.html')} does not exist: run \`npm run build\` first (or set APP_DIST_DIR).`,
    );
  }
  // Source maps stay build artefacts (for error reports), never served in production: they
  // would hand out the readable source.
  const production = app.config.nodeEnv === 'production';
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    // the build writes x.br and x.gz beside each text file (scripts/lib/vite-precompress.ts):
    // sent to browsers that accept them, with Vary: Accept-Encoding
    preCompressed: true,
    allowedPath: (pathName) => !(production && pathName.endsWith('.map')),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });

  const prerendered = readPrerenderManifest(root);
  if (prerendered) {
    const legalFileIsCurrent = legalFileCheck(app.config.legalDir);
    app.addHook('onRequest', async (request, reply) => {
      const chosen = prerenderedFileFor(request, prerendered);
      if (!chosen) return;
      // a page showing a legal document the operator has replaced since the build: the plain
      // app page, which fetches the current text
      const document = prerendered.legal?.[request.url];
      if (document) {
        const name = legalFileOf(chosen.locale, document);
        const digest = prerendered.legalDigests?.[name];
        if (!digest || !(await legalFileIsCurrent(name, digest))) return;
      }
      // the page depends on the language and cookies as well as on the encoding
      reply.header('vary', 'accept-encoding, accept-language, cookie');
      await reply.type('text/html; charset=utf-8').sendFile(chosen.file);
      return reply;
    });
  }
}

export default fp(staticAppPlugin, { name: 'app-static', dependencies: ['app-context'] });
