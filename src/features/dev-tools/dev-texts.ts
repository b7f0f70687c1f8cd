import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type en from './locales/en-US.json';

/**
 * The developer tools' texts (`dev` namespace). They live in this feature folder, not in
 * src/i18n/locales, so nothing of them is in a production build or the first load: this module
 * is reached only from the dev-only chunks, which load the active language's file themselves.
 */
export type DevKey = keyof typeof en;

const loaders = import.meta.glob<Record<string, string>>('./locales/*.json', { import: 'default' });

export const DEV_NAMESPACE = 'dev';

/** The language's dev texts (English when the language has none). */
export function loadDevTexts(language: string): Promise<Record<string, string>> {
  const load = loaders[`./locales/${language}.json`] ?? loaders['./locales/en-US.json']!;
  return load();
}

/**
 * The dev texts of the active language, loaded into i18next (again after a language change).
 * True once they are there.
 */
export function useDevTexts(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [loaded, setLoaded] = useState(() => i18n.hasResourceBundle(language, DEV_NAMESPACE));
  useEffect(() => {
    if (i18n.hasResourceBundle(language, DEV_NAMESPACE)) {
      setLoaded(true);
      return;
    }
    let current = true;
    void loadDevTexts(language).then((texts) => {
      i18n.addResourceBundle(language, DEV_NAMESPACE, texts, true, true);
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [i18n, language]);
  return loaded && i18n.hasResourceBundle(language, DEV_NAMESPACE);
}

/** `t` of the dev namespace, typed by the English file's keys. */
export function useDevT(): (key: DevKey, values?: Record<string, unknown>) => string {
  const { i18n } = useTranslation();
  const translate = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return (key, values) => translate(key, { ns: DEV_NAMESPACE, ...values });
}
