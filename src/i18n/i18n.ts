import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../shared/constants/locales';
import { DEFAULT_NAMESPACE, type NamespaceResources } from './namespaces';

/**
 * i18next setup. Only the active language is loaded (one chunk holding all its namespaces);
 * a language change reloads the page (see language.ts), so nothing else is ever fetched.
 * Keys are flat and dotted, so `keySeparator` is off; `ns:key` still selects a namespace.
 */

const LOADERS: Record<Locale, () => Promise<{ default: NamespaceResources }>> = {
  'en-US': () => import('./resources/en-US'),
  'zh-TW': () => import('./resources/zh-TW'),
  'zh-CN': () => import('./resources/zh-CN'),
};

export async function loadLocaleResources(lng: Locale): Promise<NamespaceResources> {
  return (await LOADERS[lng]()).default;
}

function setDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Initialises the shared i18next instance with one language's resources. */
export async function initI18n(
  lng: Locale,
  resources?: NamespaceResources,
): Promise<typeof i18next> {
  const bundle = resources ?? (await loadLocaleResources(lng));
  if (i18next.isInitialized) {
    for (const [ns, values] of Object.entries(bundle))
      i18next.addResourceBundle(lng, ns, values, true, true);
    await i18next.changeLanguage(lng);
    setDocumentLanguage(lng);
    return i18next;
  }
  i18next.on('languageChanged', setDocumentLanguage);
  await i18next.use(initReactI18next).init({
    lng,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    // Every locale has every key (locales.test.ts); a missing one shows its key, not English.
    fallbackLng: false,
    ns: Object.keys(bundle),
    defaultNS: DEFAULT_NAMESPACE,
    keySeparator: false,
    nsSeparator: ':',
    resources: { [lng]: bundle },
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    // re-render when a screen's namespace arrives (lazy-namespaces.ts)
    react: { useSuspense: false, bindI18nStore: 'added' },
    showSupportNotice: false,
  });
  setDocumentLanguage(lng);
  return i18next;
}

/** Applies a language without a reload (when it cannot be stored for the next load). */
export async function applyLanguageInPlace(lng: Locale): Promise<void> {
  await initI18n(lng);
}

export { i18next as i18n };
