// The build's last step (`npm run build`, and the e2e build): the public pages of
// src/app/prerender.tsx rendered to HTML in every language and written beside the built app,
// dist/prerendered/<locale>/<file> with their brotli and gzip copies, plus
// dist/prerendered/pages.json for the API (src/server/plugins/static-app.ts picks the file by
// the visitor's language). Each page is the built index.html with the page's markup in #root,
// its language and title, and the CSS of its first screen inlined (no stylesheet request before
// the first paint). Pages that show a legal document render LEGAL_DIR's file (default
// content/legal) and carry it; pages.json records the file's digest for the API.
// README "Prerendered public pages".
//
// Usage: tsx scripts/prerender.ts [--dist DIR] (default dist/, after `vite build` into it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { LOCALES, type Locale } from '../src/shared/constants/locales';
import type { LegalDocument, LegalDocumentName } from '../src/shared/api/content';
import {
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  type PrerenderedQuery,
  type PrerenderManifest,
} from '../src/shared/prerender';
import { compressedCopies } from './lib/vite-precompress';
import { composePage, readLegalFile, screenCss, type ManifestChunk } from './prerender-page';

interface PageModule {
  PRERENDERED_PAGES: readonly {
    path: string;
    file: string;
    screenModule: string;
    legal?: LegalDocumentName;
  }[];
  renderPage: (
    path: string,
    locale: Locale,
    data?: { legal?: LegalDocument },
  ) => Promise<{ html: string; title: string; queries: PrerenderedQuery[] }>;
}

const ENTRY = 'src/app/prerender.tsx';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Builds the render module for Node (same config, aliases and defines as the browser build). */
async function buildRenderer(outDir: string): Promise<PageModule> {
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: ENTRY, outDir, emptyOutDir: true, sourcemap: false },
    // packages load from node_modules; the router's production files (the aliases) are bundled
    ssr: { noExternal: [/^react-router/] },
  });
  return (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as PageModule;
}

async function main(): Promise<void> {
  const dist = resolve(option('dist') ?? 'dist');
  // as the API resolves it (src/server/config.ts)
  const legalDir = resolve(process.env.LEGAL_DIR ?? 'content/legal');
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  // inside the project, so the built module finds the packages in node_modules
  mkdirSync(resolve('node_modules/.cache'), { recursive: true });
  const work = mkdtempSync(resolve('node_modules/.cache/bcnt-prerender-'));
  try {
    const renderer = await buildRenderer(work);
    const out = join(dist, PRERENDER_DIR);
    rmSync(out, { recursive: true, force: true });
    const pages: PrerenderManifest['pages'] = {};
    const legal: NonNullable<PrerenderManifest['legal']> = {};
    const legalDigests: NonNullable<PrerenderManifest['legalDigests']> = {};
    for (const page of renderer.PRERENDERED_PAGES) {
      pages[page.path] = page.file;
      if (page.legal) legal[page.path] = page.legal;
      const screenCssFiles = screenCss(manifest, page.screenModule);
      for (const locale of LOCALES) {
        let document: LegalDocument | undefined;
        if (page.legal) {
          // the file the API would serve now; the API sends the page while it stays the same
          const file = readLegalFile(legalDir, locale, page.legal);
          legalDigests[file.name] = file.digest;
          document = file.document;
        }
        const rendered = await renderer.renderPage(page.path, locale, { legal: document });
        const html = composePage({
          shell,
          path: page.path,
          locale,
          title: rendered.title,
          rootHtml: rendered.html,
          screenCssFiles,
          readAsset: (file) => readFileSync(join(dist, file), 'utf8'),
          queries: rendered.queries,
        });
        const target = join(out, locale, page.file);
        mkdirSync(join(out, locale), { recursive: true });
        const bytes = Buffer.from(html);
        writeFileSync(target, bytes);
        const copies = await compressedCopies(bytes);
        if (copies) {
          writeFileSync(`${target}.br`, copies.br);
          writeFileSync(`${target}.gz`, copies.gz);
        }
        console.log(
          `prerendered ${locale} ${page.path}: ${(bytes.length / 1024).toFixed(1)} KiB` +
            (copies ? ` (${(copies.br.length / 1024).toFixed(1)} KiB brotli)` : ''),
        );
      }
    }
    const index: PrerenderManifest = { pages, locales: LOCALES, legal, legalDigests };
    writeFileSync(join(out, PRERENDER_MANIFEST), `${JSON.stringify(index, null, 2)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
