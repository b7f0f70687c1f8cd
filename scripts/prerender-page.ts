// The page template of the prerendered public pages (scripts/prerender.ts): which CSS a
// screen's chunk brings, and the built index.html turned into one language's page.
import type { Locale } from '../src/shared/constants/locales';

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

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\s*/g;

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
    return text.replace(search, replacement);
  };
  let page = shell.replace(STYLESHEET_LINK, '');
  page = replaceOnce(page, /<html lang="[^"]*">/, `<html lang="${locale}">`);
  page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(options.title)}</title>`);
  page = replaceOnce(page, '</head>', `<style>${style}</style>\n    ${links}\n  </head>`);
  page = replaceOnce(
    page,
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${locale}" data-prerendered-path="${escapeHtml(options.path)}">${options.rootHtml}</div>`,
  );
  return page;
}
