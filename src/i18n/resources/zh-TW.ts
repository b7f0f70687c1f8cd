import { namespacesFromGlob } from '../namespaces';

/** Every namespace of zh-TW in one chunk, loaded only when zh-TW is the active language. */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>('../locales/zh-TW/*.json', {
    eager: true,
    import: 'default',
  }),
);
