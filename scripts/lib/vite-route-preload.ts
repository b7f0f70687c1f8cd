// A Vite plugin: the member routes of `src/app/route-preloads.ts` get their screen fetched from
// the page itself instead of after the main bundle has run (README, Decisions, "Route
// preloads"). The build writes `assets/route-preload-<hash>.js`, a small classic script that
// `index.html` loads `async` (the Content-Security-Policy allows no inline script): at one of
// those paths, with a session stored, it adds `<link rel="modulepreload">` for the screen's
// chunk and every chunk it imports that the entry does not (the entry's are preloaded by the
// page already), `<link rel="preload" as="style">` for their stylesheets, and the modules of
// the translations of the language the app will pick (the stored `lang`, else the browser's
// first language, resolved as `resolveLocale` does) with the screen's namespaces. When the app
// imports them the browser has them, or has them on the way.
import { createHash } from 'node:crypto';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { LOCALES } from '../../src/shared/constants/locales';
import type { RoutePreload } from '../../src/app/route-preloads';

/** path -> files for every language (`all`) and per language (its translations). */
export type PreloadTable = Record<string, Record<string, string[]>>;

type Chunks = Map<string, OutputChunk>;

function chunksOf(bundle: OutputBundle): Chunks {
  const chunks: Chunks = new Map();
  for (const item of Object.values(bundle))
    if (item.type === 'chunk') chunks.set(item.fileName, item);
  return chunks;
}

/** A chunk and the chunks it imports statically, transitively (file names). */
function staticClosure(chunks: Chunks, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

function chunkOfModule(chunks: Chunks, root: string, module: string): OutputChunk | undefined {
  const id = `${root.replace(/\/$/, '')}/${module}`;
  for (const chunk of chunks.values()) if (chunk.facadeModuleId === id) return chunk;
  return undefined;
}

/** The files (scripts, then stylesheets) a module needs beyond what the entry loads. */
function filesFor(chunks: Chunks, start: OutputChunk, loaded: Set<string>): string[] {
  const scripts = [...staticClosure(chunks, start.fileName)].filter((file) => !loaded.has(file));
  const styles = scripts.flatMap((file) => {
    const meta = (chunks.get(file) as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
    return [...(meta?.importedCss ?? [])];
  });
  return [...scripts, ...new Set(styles)];
}

/** The table of the script, from the build's chunks. */
export function preloadTable(
  bundle: OutputBundle,
  routes: readonly RoutePreload[],
  root: string,
  base = '/',
): PreloadTable {
  const chunks = chunksOf(bundle);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route preload: the build has no entry chunk');
  const loaded = staticClosure(chunks, entry.fileName);
  const url = (file: string) => `${base}${file}`;
  const table: PreloadTable = {};
  for (const route of routes) {
    const screen = chunkOfModule(chunks, root, route.screen);
    if (!screen) throw new Error(`route preload: no chunk for ${route.screen}`);
    const files: Record<string, string[]> = { all: filesFor(chunks, screen, loaded).map(url) };
    for (const locale of LOCALES) {
      const modules = [
        `src/i18n/resources/${locale}.ts`,
        ...route.namespaces.map((ns) => `src/i18n/locales/${locale}/${ns}.json`),
      ];
      files[locale] = modules.flatMap((module) => {
        const chunk = chunkOfModule(chunks, root, module);
        if (!chunk) throw new Error(`route preload: no chunk for ${module}`);
        return filesFor(chunks, chunk, loaded).map(url);
      });
    }
    table[route.path] = files;
  }
  return table;
}

/** The script's text (ES5, no dependencies; any failure leaves the page as it was). */
export function preloadScript(table: PreloadTable): string {
  return `(function(){try{var r=${JSON.stringify(table)}[location.pathname];
if(!r||!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.loginInfo)}))return;
var b=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||""],p="";
for(var i=0;i<b.length;i++)if(b[i]&&b[i].trim()!==""){p=b[i];break}
var l=(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.lang)})||p).toLowerCase(),c="en-US";
if(l==="zh-tw")c="zh-TW";else if(l==="zh-cn")c="zh-CN";else if(l.indexOf("zh")===0)c=/hant|tw|hk|mo/.test(l)?"zh-TW":"zh-CN";
var f=r.all.concat(r[c]||[]);
for(var j=0;j<f.length;j++){var k=document.createElement("link");
if(/\\.css$/.test(f[j])){k.rel="preload";k.setAttribute("as","style")}else k.rel="modulepreload";
k.crossOrigin="";k.href=f[j];document.head.appendChild(k)}}catch(e){}})();
`;
}

/** Adds the script tag to the page, before its module script. */
export function withPreloadScript(html: string, src: string): string {
  const at = html.indexOf('<script type="module"');
  if (at < 0) throw new Error('route preload: index.html has no module script');
  return `${html.slice(0, at)}<script async src="${src}"></script>\n    ${html.slice(at)}`;
}

export function routePreload(routes: readonly RoutePreload[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'bcnt-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'] as OutputAsset | undefined;
      if (!page) return; // the prerender's Node build
      const source = preloadScript(preloadTable(bundle, routes, root, base));
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      page.source = withPreloadScript(String(page.source), `${base}${fileName}`);
    },
  };
}
