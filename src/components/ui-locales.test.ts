import { describe, expect, it } from 'vitest';

/** The UI kit's namespaces have the same keys, and no empty text, in all three locales. */
const files = import.meta.glob<Record<string, string>>('../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const NAMESPACES = ['nav', 'footer', 'landing', 'contact', 'components'];
const LOCALES = ['en-US', 'zh-TW', 'zh-CN'];

function bundle(lng: string, ns: string): Record<string, string> {
  const content = files[`../i18n/locales/${lng}/${ns}.json`];
  if (!content) throw new Error(`missing ${lng}/${ns}.json`);
  return content;
}

describe.each(NAMESPACES)('locale files of %s', (ns) => {
  it('have the same keys in en-US, zh-TW and zh-CN', () => {
    const reference = Object.keys(bundle('en-US', ns)).sort();
    for (const lng of LOCALES) expect(Object.keys(bundle(lng, ns)).sort()).toEqual(reference);
  });

  it('have no empty text, and Chinese differs between Traditional and Simplified', () => {
    for (const lng of LOCALES) {
      for (const [key, value] of Object.entries(bundle(lng, ns))) {
        expect(value.trim(), `${lng} ${ns}:${key}`).not.toBe('');
      }
    }
    const tw = Object.values(bundle('zh-TW', ns)).join('');
    const cn = Object.values(bundle('zh-CN', ns)).join('');
    if (/[\u4e00-\u9fff]/.test(tw)) expect(tw).not.toBe(cn);
  });
});
