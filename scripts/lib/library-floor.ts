// The least JavaScript the landing page can load with the libraries it keeps: React, React DOM
// (hydrateRoot), React Router and i18next with react-i18next, bundled alone into one file
// (esbuild, minified, production) around a page that uses each of them once, gzip level 9 as
// `npm run size` counts. Measured twice: with the data router the app uses (createBrowserRouter,
// a loader, RouterProvider) and with the declarative one (BrowserRouter, Routes). One file
// compresses better than the app's several chunks, so these are lower bounds: whatever the app
// adds (its shell, its route table, the first screen's strings, the start's calls) comes on top.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export type RouterKind = 'data' | 'declarative';

const PAGE = `
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
void i18next.use(initReactI18next).init({
  lng: 'en-US',
  resources: { 'en-US': { translation: { login: 'Log in' } } },
});
export function Page() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  return (
    <main onClick={() => navigate('/login')}>
      {search.get('ref')}{location.pathname}{params.id}
      <Link to="/login">{t('login')}</Link>
    </main>
  );
}
export function start(app) {
  hydrateRoot(document.getElementById('root'), <StrictMode>{app}</StrictMode>);
}
`;

const ROUTERS: Record<RouterKind, string> = {
  data: `
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Page, start } from './page';
const router = createBrowserRouter([
  { path: '/', Component: Page, loader: async () => null },
  { path: '*', Component: Page },
]);
start(<RouterProvider router={router} />);
`,
  declarative: `
import { BrowserRouter, Route, Routes } from 'react-router';
import { Page, start } from './page';
start(
  <BrowserRouter>
    <Routes>
      <Route path="/" element={<Page />} />
      <Route path="*" element={<Page />} />
    </Routes>
  </BrowserRouter>,
);
`,
};

/** gzip bytes of the libraries' bundle with that router (packages resolved from `root`). */
export async function libraryFloorBytes(router: RouterKind, root: string): Promise<number> {
  const result = await build({
    stdin: { contents: ROUTERS[router], loader: 'tsx', resolveDir: root, sourcefile: 'entry.tsx' },
    plugins: [
      {
        name: 'page',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^\.\/page$/ }, () => ({
            path: 'page',
            namespace: 'page',
          }));
          pluginBuild.onLoad({ filter: /.*/, namespace: 'page' }, () => ({
            contents: PAGE,
            loader: 'tsx',
            resolveDir: root,
          }));
        },
      },
    ],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('library floor: esbuild wrote nothing');
  return gzipSync(code, { level: 9 }).length;
}
