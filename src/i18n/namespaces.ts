/**
 * Locale files: `src/i18n/locales/<lng>/<namespace>.json`, flat objects of dotted keys
 * (`"form.submit": "Submit"`), one namespace per domain. A new file is picked up automatically.
 */

export type NamespaceResources = Record<string, Record<string, string>>;

/** `{ '../locales/en-US/common.json': {...} }` -> `{ common: {...} }`. */
export function namespacesFromGlob(
  modules: Record<string, Record<string, string>>,
): NamespaceResources {
  const resources: NamespaceResources = {};
  for (const [file, content] of Object.entries(modules)) {
    const name = /([^/]+)\.json$/.exec(file)?.[1];
    if (name) resources[name] = content;
  }
  return resources;
}

export const DEFAULT_NAMESPACE = 'common';
