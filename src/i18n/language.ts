import { DEFAULT_LOCALE, isLocale, resolveLocale, type Locale } from '../shared/constants/locales';
import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Which language the app starts in, and how it changes (spec section 1).
 * Start: the stored `lang` first, then the browser's languages; ko-KR (and anything that is
 * not a Chinese variant) is en-US, Chinese variants pick Traditional or Simplified.
 */

export interface LanguageSources {
  storage: Pick<Storage, 'getItem'>;
  /** navigator.languages (or [navigator.language]) */
  browserLanguages: readonly string[];
}

export function resolveInitialLanguage({ storage, browserLanguages }: LanguageSources): Locale {
  let stored: string | null = null;
  try {
    stored = storage.getItem(STORAGE_KEYS.lang);
  } catch {
    stored = null;
  }
  if (stored) return resolveLocale(stored);
  // The preferred browser language decides (a ko-KR first choice is en-US even if zh follows).
  const preferred = browserLanguages.find((language) => language.trim() !== '');
  return preferred ? resolveLocale(preferred) : DEFAULT_LOCALE;
}

export interface LanguageChangeDeps {
  isLoggedIn: () => boolean;
  /** POST /member/setPreferedSettings */
  savePreference: (settings: { language: Locale }) => Promise<void>;
  storage: Pick<Storage, 'setItem'>;
  reload: () => void;
  /** Used only when the choice cannot be stored locally (no reload would keep it). */
  applyInPlace: (lng: Locale) => Promise<void>;
  logError?: (message: string, error: unknown) => void;
}

export type LanguageChangeOutcome = 'reloading' | 'applied-in-place';

/**
 * Changing the language: when logged in, the preference is stored on the server first; then
 * it is stored locally and the page reloads. If the server call fails, the language still
 * changes locally (stored + reload).
 */
export function createLanguageChanger(deps: LanguageChangeDeps) {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  return async function changeLanguage(requested: string): Promise<LanguageChangeOutcome> {
    const lng = resolveLocale(requested);
    if (deps.isLoggedIn()) {
      try {
        await deps.savePreference({ language: lng });
      } catch (error) {
        logError('Storing the language preference failed; changing it locally only.', error);
      }
    }
    try {
      deps.storage.setItem(STORAGE_KEYS.lang, lng);
    } catch (error) {
      logError('Storing the language locally failed; applying it for this page only.', error);
      await deps.applyInPlace(lng);
      return 'applied-in-place';
    }
    deps.reload();
    return 'reloading';
  };
}

/**
 * At login: the language the member stored (setPreferedSettings) when it differs from the one
 * this browser shows, else null. The login then stores it as `lang` and continues with a full
 * load of its destination, so the next device speaks the member's language.
 */
export function adoptMemberLanguage(
  memberLanguage: unknown,
  current: string,
  storage: Pick<Storage, 'setItem'> | null,
): Locale | null {
  if (!isLocale(memberLanguage) || memberLanguage === resolveLocale(current)) return null;
  try {
    storage?.setItem(STORAGE_KEYS.lang, memberLanguage);
  } catch {
    return null; // cannot be kept for the next load: stay in the current language
  }
  return storage ? memberLanguage : null;
}

/** The languages' own names, for the switcher (not translated on purpose). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};
