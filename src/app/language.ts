import { hasToken } from '../services/session';
import { applyLanguageInPlace } from '../i18n/i18n';
import { createLanguageChanger } from '../i18n/language';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { writeLanguageCookie } from './prerendered-page';
import { reloadPage, storage } from './runtime';

/**
 * The app's language change, bound to the real session, member service, storage and reload
 * (the flow itself is `createLanguageChanger`, tested in src/i18n/language.test.ts).
 */
export const changeLanguage = createLanguageChanger({
  isLoggedIn: () => hasToken(),
  // Loaded on use: the member service module is not needed until a language change.
  savePreference: async (settings) =>
    (await import('../services/member')).setPreferedSettings(settings),
  storage: {
    setItem: (key, value) => {
      storage().setItem(key, value);
      // the reload's request then gets the page prerendered in the new language
      if (key === STORAGE_KEYS.lang) writeLanguageCookie(document, value);
    },
  },
  reload: () => reloadPage(),
  applyInPlace: (lng) => applyLanguageInPlace(lng),
});
