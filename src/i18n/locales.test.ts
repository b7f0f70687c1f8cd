import { LAZY_NAMESPACES } from './lazy-namespaces';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/constants/locales';
import { loadLocaleResources } from './i18n';
import type { NamespaceResources } from './namespaces';

/**
 * Every namespace file of every helper: the three locales must have the same namespaces, the
 * same keys in each, flat string values (keys are dotted, `keySeparator` is off), no empty
 * value, and the same {{placeholders}} per key.
 */
const files = import.meta.glob<unknown>('./locales/*/*.json', { eager: true, import: 'default' });

function byLocale(): Record<string, NamespaceResources> {
  const result: Record<string, Record<string, Record<string, string>>> = {};
  for (const [file, content] of Object.entries(files)) {
    const [, lng, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!lng || !ns) continue;
    result[lng] ??= {};
    result[lng][ns] = content as Record<string, string>;
  }
  return result;
}

const locales = byLocale();
const reference = locales['en-US'] ?? {};
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for exactly en-US, zh-TW and zh-CN', () => {
    expect(Object.keys(locales).sort()).toEqual([...LOCALES].sort());
  });

  it('have the same namespaces in every locale', () => {
    const expected = Object.keys(reference).sort();
    expect(expected).toContain('common');
    for (const lng of LOCALES)
      expect(Object.keys(locales[lng] ?? {}).sort(), lng).toEqual(expected);
  });

  for (const ns of Object.keys(reference)) {
    it(`namespace "${ns}" has the same keys, non-empty flat strings and placeholders everywhere`, () => {
      const keys = Object.keys(reference[ns] ?? {}).sort();
      for (const lng of LOCALES) {
        const values = locales[lng]?.[ns] ?? {};
        expect(Object.keys(values).sort(), `${lng}/${ns}.json keys`).toEqual(keys);
        for (const key of keys) {
          const value: unknown = values[key];
          expect(typeof value, `${lng}/${ns}.json "${key}" must be a string`).toBe('string');
          expect((value as string).trim(), `${lng}/${ns}.json "${key}" is empty`).not.toBe('');
          expect(placeholders(value as string), `${lng}/${ns}.json "${key}" placeholders`).toEqual(
            placeholders(reference[ns]![key]!),
          );
        }
      }
    });
  }

  it('each per-language bundle (the chunk the app loads) holds every first-load namespace; the screen-only ones load with their screens', async () => {
    const lazy: readonly string[] = LAZY_NAMESPACES;
    for (const lng of LOCALES) {
      const bundle = await loadLocaleResources(lng);
      const firstLoad = Object.keys(reference).filter((ns) => !lazy.includes(ns));
      expect(Object.keys(bundle).sort(), lng).toEqual(firstLoad.sort());
      for (const ns of firstLoad) expect(bundle[ns], `${lng}/${ns}`).toEqual(locales[lng]?.[ns]);
    }
  });
});
