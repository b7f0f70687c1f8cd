import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect, type LanguageOption } from '../components/language-select';
import { LANGUAGE_NAMES } from '../i18n/language';
import { LOCALES, resolveLocale } from '../shared/constants/locales';
import { changeLanguage as defaultChangeLanguage } from './language';

const OPTIONS: LanguageOption[] = LOCALES.map((code) => ({ code, label: LANGUAGE_NAMES[code] }));

export interface LanguageSwitcherProps {
  tone?: 'dark' | 'light';
  /** Tests: replaces the real change (which stores, maybe calls the server, and reloads). */
  onChangeLanguage?: (lng: string) => Promise<unknown>;
}

const noSubscription = () => () => {};

/**
 * False in the build's prerender and while the browser hydrates it, true once the app runs the
 * page: a choice made before that would reach no handler (the select would show it, and nothing
 * would change).
 */
function useAppRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The nav bar's language switcher: the UI kit's select, bound to the change flow. It stays
 * disabled while the change is stored and the page reloads, so it cannot fire twice, and on a
 * prerendered page until the app has taken it over.
 */
export function LanguageSwitcher({
  tone = 'dark',
  onChangeLanguage = defaultChangeLanguage,
}: LanguageSwitcherProps) {
  const { i18n } = useTranslation();
  const current = resolveLocale(i18n.language);
  const [busy, setBusy] = useState(false);
  const running = useAppRunning();

  async function handleChange(code: string) {
    if (busy || code === current) return;
    setBusy(true);
    try {
      const outcome = await onChangeLanguage(code);
      if (outcome !== 'reloading') setBusy(false);
    } catch {
      setBusy(false);
    }
  }

  return (
    <LanguageSelect
      value={current}
      options={OPTIONS}
      onChange={(code) => void handleChange(code)}
      disabled={busy || !running}
      tone={tone}
    />
  );
}
