// The page template of the prerendered public pages (scripts/prerender.ts): which CSS a
// screen's chunk brings, and the built index.html turned into one language's page.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLegalFile } from '../src/server/domain/content/legal';
import type { LegalDocument, LegalDocumentName } from '../src/shared/api/content';
import type { Locale } from '../src/shared/constants/locales';
import { legalFileOf, PRERENDERED_DATA_ID, type PrerenderedQuery } from '../src/shared/prerender';

/** An entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The CSS files a screen's chunk brings (its own and its static imports'), in load order. */
export function screenCss(manifest: Record<string, ManifestChunk>, screenModule: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
  };
  visit(screenModule);
  return files;
}

/**
 * A legal document as the API serves it now from LEGAL_DIR (`<locale>/<document>.md`), with
 * the file's name and SHA-256 for pages.json (the API sends the page while the file is this one).
 */
export function readLegalFile(
  legalDir: string,
  locale: Locale,
  document: LegalDocumentName,
): { name: string; digest: string; document: LegalDocument } {
  const name = legalFileOf(locale, document);
  const bytes = readFileSync(join(legalDir, name));
  return {
    name,
    digest: createHash('sha256').update(bytes).digest('hex'),
    document: parseLegalFile(bytes.toString('utf8'), document, locale),
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\s*/g;

/** JSON inside a <script> element: no `<` (so no `</script>` or `<!--`) in its text. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page: the shell's stylesheets and the screen's inlined in one <style>; each also linked
 * with media="print", which does not hold up the first paint but tells the chunk loader the
 * file is there (it would otherwise fetch it again and wait for it before hydrating).
 */
export function composePage(options: {
  shell: string;
  /** The page's path: the browser hydrates the markup only at that path. */
  path: string;
  locale: Locale;
  title: string;
  rootHtml: string;
  screenCssFiles: readonly string[];
  readAsset: (file: string) => string;
  /** The query data the markup shows (`renderPage`'s `queries`): carried after #root. */
  queries?: readonly PrerenderedQuery[];
}): string {
  const { shell, locale } = options;
  const shellCss = [...shell.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
  const cssFiles = [...shellCss, ...options.screenCssFiles.filter((f) => !shellCss.includes(f))];
  const style = cssFiles.map((file) => options.readAsset(file).trim()).join('\n');
  const links = cssFiles
    .map((file) => `<link rel="stylesheet" href="/${file}" media="print">`)
    .join('\n    ');
  const replaceOnce = (text: string, search: string | RegExp, replacement: string) => {
    const found = typeof search === 'string' ? text.includes(search) : search.test(text);
    if (!found) throw new Error(`index.html has no ${String(search)}`);
    return text.replace(search, () => replacement); // no `$&` patterns in the page's text
  };
  let page = shell.replace(STYLESHEET_LINK, '');
  page = replaceOnce(page, /<html lang="[^"]*">/, `<html lang="${locale}">`);
  page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(options.title)}</title>`);
  page = replaceOnce(page, '</head>', `<style>${style}</style>\n    ${links}\n  </head>`);
  page = replaceOnce(
    page,
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${locale}" data-prerendered-path="${escapeHtml(options.path)}">${options.rootHtml}</div>` +
      (options.queries?.length
        ? `\n    <script type="application/json" id="${PRERENDERED_DATA_ID}">${scriptJson(options.queries)}</script>`
        : ''),
  );
  return page;
}
