import { namespacesFromGlob } from '../namespaces';

/** Every namespace of en-US in one chunk, loaded only when en-US is the active language. */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>('../locales/en-US/*.json', {
    eager: true,
    import: 'default',
  }),
);
