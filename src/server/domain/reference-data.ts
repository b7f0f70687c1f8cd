import type { Country, Currency, DocIssuePlace, Language } from '../../shared/api/common';
import { COUNTRIES } from '../../shared/constants/countries';
import { CURRENCIES } from '../../shared/constants/currencies';
import { DOC_ISSUE_PLACES } from '../../shared/constants/doc-issue-places';

/**
 * Static reference lists served by the common calls.
 *
 * Languages: spec section 1 offers en-US, zh-TW and zh-CN (ko-KR is not offered; the browser
 * forces it to en-US). Names are each language's own name, as a language switcher shows them.
 */
export const LANGUAGES = [
  { id: 1, name: 'English', code: 'en-US' },
  { id: 2, name: '繁體中文', code: 'zh-TW' },
  { id: 3, name: '简体中文', code: 'zh-CN' },
] as const satisfies readonly Language[];

export function languageList(): Language[] {
  return LANGUAGES.map((language) => ({ ...language }));
}

export function currencyList(): Currency[] {
  return CURRENCIES.map((currency) => ({ ...currency, chains: [...currency.chains] }));
}

export function countryList(): Country[] {
  return COUNTRIES.map((country) => ({ ...country }));
}

export function docIssuePlaceList(): DocIssuePlace[] {
  return DOC_ISSUE_PLACES.map((place) => ({ ...place }));
}
