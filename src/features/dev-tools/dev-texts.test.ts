import { describe, expect, it } from 'vitest';
import enUS from './locales/en-US.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';
import { loadDevTexts } from './dev-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the developer tools texts', () => {
  it('have the same keys and placeholders in the three languages, none empty', () => {
    const keys = Object.keys(enUS).sort();
    for (const [language, texts] of Object.entries({ 'zh-TW': zhTW, 'zh-CN': zhCN })) {
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      for (const key of keys) {
        const text = (texts as Record<string, string>)[key]!;
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(
          placeholders((enUS as Record<string, string>)[key]!),
        );
      }
    }
  });

  it('load per language, English for a language without its own file', async () => {
    expect(await loadDevTexts('zh-TW')).toEqual(zhTW);
    expect(await loadDevTexts('fr')).toEqual(enUS);
  });
});
