import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import {
  adoptMemberLanguage,
  createLanguageChanger,
  resolveInitialLanguage,
  type LanguageChangeDeps,
} from './language';

describe('initial language', () => {
  const resolve = (stored: string | null, browserLanguages: string[]) => {
    const storage = createMemoryStorage();
    if (stored) storage.setItem(STORAGE_KEYS.lang, stored);
    return resolveInitialLanguage({ storage, browserLanguages });
  };

  it('uses the stored lang first', () => {
    expect(resolve('zh-CN', ['zh-TW'])).toBe('zh-CN');
    expect(resolve('zh-TW', ['en-US'])).toBe('zh-TW');
  });

  it('then the browser language: Chinese variants pick their script', () => {
    expect(resolve(null, ['zh-TW', 'en'])).toBe('zh-TW');
    expect(resolve(null, ['zh-HK'])).toBe('zh-TW');
    expect(resolve(null, ['zh-Hant-TW'])).toBe('zh-TW');
    expect(resolve(null, ['zh-CN'])).toBe('zh-CN');
    expect(resolve(null, ['zh'])).toBe('zh-CN');
  });

  it('forces ko-KR to en-US, and defaults to en-US otherwise', () => {
    expect(resolve(null, ['ko-KR', 'zh-TW'])).toBe('en-US');
    expect(resolve(null, ['fr-FR'])).toBe('en-US');
    expect(resolve(null, [])).toBe('en-US');
    expect(resolve('ko-KR', ['zh-TW'])).toBe('en-US');
  });

  it('survives unreadable storage', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveInitialLanguage({ storage, browserLanguages: ['zh-TW'] })).toBe('zh-TW');
  });
});

describe('changing the language', () => {
  function setup(overrides: Partial<LanguageChangeDeps> = {}) {
    const events: string[] = [];
    const storage = createMemoryStorage();
    const deps: LanguageChangeDeps = {
      isLoggedIn: () => false,
      savePreference: vi.fn(async ({ language }) => {
        events.push(`server:${language}`);
      }),
      storage: {
        setItem: (key, value) => {
          events.push(`store:${value}`);
          storage.setItem(key, value);
        },
      },
      reload: vi.fn(() => events.push('reload')),
      applyInPlace: vi.fn(async () => {}),
      logError: vi.fn(),
      ...overrides,
    };
    return { deps, events, storage, change: createLanguageChanger(deps) };
  }

  it('visitors: stores the language and reloads, without a server call', async () => {
    const { deps, events, storage, change } = setup();
    expect(await change('zh-TW')).toBe('reloading');
    expect(events).toEqual(['store:zh-TW', 'reload']);
    expect(deps.savePreference).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.lang)).toBe('zh-TW');
  });

  it('logged in: stores the preference on the server first, then locally, then reloads', async () => {
    const { events, change } = setup({ isLoggedIn: () => true });
    await change('zh-CN');
    expect(events).toEqual(['server:zh-CN', 'store:zh-CN', 'reload']);
  });

  it('logged in: when the server call fails, the language still changes locally', async () => {
    const { deps, events, storage, change } = setup({
      isLoggedIn: () => true,
      savePreference: vi.fn(async () => {
        throw new Error('busy');
      }),
    });
    expect(await change('zh-TW')).toBe('reloading');
    expect(events).toEqual(['store:zh-TW', 'reload']);
    expect(storage.getItem(STORAGE_KEYS.lang)).toBe('zh-TW');
    expect(deps.logError).toHaveBeenCalledTimes(1);
  });

  it('maps the requested value to a supported locale (ko-KR -> en-US)', async () => {
    const { events, change } = setup();
    await change('ko-KR');
    expect(events).toEqual(['store:en-US', 'reload']);
  });

  it('without working storage it applies the language in place instead of reloading', async () => {
    const { deps, change } = setup({
      storage: {
        setItem: () => {
          throw new Error('quota');
        },
      },
    });
    expect(await change('zh-TW')).toBe('applied-in-place');
    expect(deps.applyInPlace).toHaveBeenCalledWith('zh-TW');
    expect(deps.reload).not.toHaveBeenCalled();
  });
});

describe("adopting the member's language at login", () => {
  it('stores a different stored language and says so; the same or none changes nothing', () => {
    const storage = createMemoryStorage();
    expect(adoptMemberLanguage('zh-TW', 'en-US', storage)).toBe('zh-TW');
    expect(storage.getItem(STORAGE_KEYS.lang)).toBe('zh-TW');
    const untouched = createMemoryStorage();
    expect(adoptMemberLanguage('en-US', 'en-US', untouched)).toBeNull();
    expect(adoptMemberLanguage(null, 'en-US', untouched)).toBeNull();
    expect(adoptMemberLanguage('ko-KR', 'en-US', untouched)).toBeNull();
    expect(untouched.getItem(STORAGE_KEYS.lang)).toBeNull();
  });

  it('without storage for the next load, the current language stays', () => {
    expect(adoptMemberLanguage('zh-CN', 'en-US', null)).toBeNull();
    const failing = {
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(adoptMemberLanguage('zh-CN', 'en-US', failing)).toBeNull();
  });
});
