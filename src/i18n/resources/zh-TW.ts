import { namespacesFromGlob } from '../namespaces';

/**
 * The first-load namespaces of zh-TW in one chunk, loaded only when zh-TW is the active language.
 * Screen-only namespaces (auth, security) load with their screens: see lazy-namespaces.ts.
 */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>(
    ['../locales/zh-TW/*.json', '!../locales/zh-TW/auth.json', '!../locales/zh-TW/security.json'],
    { eager: true, import: 'default' },
  ),
);
