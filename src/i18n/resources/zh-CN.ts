import { namespacesFromGlob } from '../namespaces';

/** Every namespace of zh-CN in one chunk, loaded only when zh-CN is the active language. */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>('../locales/zh-CN/*.json', {
    eager: true,
    import: 'default',
  }),
);
