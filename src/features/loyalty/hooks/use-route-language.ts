import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguageInPlace } from '../../../i18n/i18n';
import { LOCALES, resolveLocale, type Locale } from '../../../shared/constants/locales';

/** The `lang` param of the app web-view route: the content service's codes or a locale. */
const LANG_PARAM: Readonly<Record<string, Locale>> = { en: 'en-US', tw: 'zh-TW', zh: 'zh-CN' };

/** The locale a `lang` param asks for; undefined when absent or not a language we have. */
export function localeFromLangParam(lang: string | undefined): Locale | undefined {
  if (!lang) return undefined;
  const lower = lang.toLowerCase();
  const short = LANG_PARAM[lower];
  if (short) return short;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  // zh-Hant, zh-HK, zh-Hans, ...: the app's Chinese variant rule
  return lower.startsWith('zh-') ? resolveLocale(lower) : undefined;
}

/**
 * The mobile app opens `/loyalty-program/:mobile/:lang?` in a web view and passes its language:
 * applied in place, for this page only (not stored, not sent to the server), so the member's
 * own choice on the web stays as it was.
 */
export function useRouteLanguage(
  lang: string | undefined,
  apply: (locale: Locale) => Promise<void> = applyLanguageInPlace,
): void {
  const { i18n } = useTranslation();
  const target = localeFromLangParam(lang);
  const current = i18n.language;
  useEffect(() => {
    if (target && target !== current) void apply(target);
  }, [target, current, apply]);
}
