import { useState } from 'react';
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

/**
 * The nav bar's language switcher: the UI kit's select, bound to the change flow. It stays
 * disabled while the change is stored and the page reloads, so it cannot fire twice.
 */
export function LanguageSwitcher({
  tone = 'dark',
  onChangeLanguage = defaultChangeLanguage,
}: LanguageSwitcherProps) {
  const { i18n } = useTranslation();
  const current = resolveLocale(i18n.language);
  const [busy, setBusy] = useState(false);

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
      disabled={busy}
      tone={tone}
    />
  );
}
