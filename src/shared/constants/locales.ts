export const LOCALES = ['en-US', 'zh-TW', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Content service `lang` query: zh, tw or en. */
export const CONTENT_LANG: Record<Locale, 'en' | 'tw' | 'zh'> = {
  'en-US': 'en',
  'zh-TW': 'tw',
  'zh-CN': 'zh',
};

/**
 * Spec section 1: ko-KR is forced to en-US; a Chinese browser language picks its variant
 * (Traditional for TW/HK/MO/Hant, Simplified otherwise); anything else is en-US.
 */
export function resolveLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  const lower = input.toLowerCase();
  if (lower === 'en-us') return 'en-US';
  if (lower === 'zh-tw') return 'zh-TW';
  if (lower === 'zh-cn') return 'zh-CN';
  if (lower.startsWith('zh')) {
    return /hant|tw|hk|mo/.test(lower) ? 'zh-TW' : 'zh-CN';
  }
  return DEFAULT_LOCALE;
}
