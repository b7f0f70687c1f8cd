import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Test-only i18next instance over the real locale files (every namespace), configured like
 * the app's (flat keys, no key separator, no fallback language). A key missing from the
 * locale throws, so a test fails instead of silently showing the key.
 */
const files = import.meta.glob<Record<string, string>>('../../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Resources = Record<string, Record<string, Record<string, string>>>;

function buildResources(): Resources {
  const resources: Resources = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] ??= {};
    resources[lng][ns] = content;
  }
  return resources;
}

export function createTestI18n(lng = 'en-US'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: buildResources(),
    defaultNS: 'common',
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { useSuspense: false },
    initAsync: false,
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      throw new Error(`Missing translation ${lngs.join(',')} ${ns}:${key}`);
    },
  });
  return instance;
}
