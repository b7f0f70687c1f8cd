import { namespacesFromGlob } from '../namespaces';

/**
 * The first-load namespaces of zh-CN in one chunk, loaded only when zh-CN is the active language.
 * Screen-only namespaces (auth, security) load with their screens: see lazy-namespaces.ts.
 */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>(
    ['../locales/zh-CN/*.json', '!../locales/zh-CN/auth.json', '!../locales/zh-CN/security.json'],
    { eager: true, import: 'default' },
  ),
);
