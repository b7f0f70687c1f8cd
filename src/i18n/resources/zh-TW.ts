import { namespacesFromGlob } from '../namespaces';

/**
 * The first-load namespaces of zh-TW in one chunk, loaded only when zh-TW is the active language.
 * Screen-only namespaces (LAZY_NAMESPACES) load with their screens: see lazy-namespaces.ts.
 */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>(
    [
      '../locales/zh-TW/*.json',
      '!../locales/zh-TW/auth.json',
      '!../locales/zh-TW/security.json',
      '!../locales/zh-TW/tx.json',
      '!../locales/zh-TW/loyalty.json',
      '!../locales/zh-TW/alliance.json',
      '!../locales/zh-TW/account.json',
      '!../locales/zh-TW/kyc.json',
      '!../locales/zh-TW/onboarding.json',
      '!../locales/zh-TW/custody.json',
      '!../locales/zh-TW/deposit.json',
      '!../locales/zh-TW/withdraw.json',
      '!../locales/zh-TW/convert.json',
      '!../locales/zh-TW/store.json',
      '!../locales/zh-TW/earn.json',
      '!../locales/zh-TW/portfolio.json',
      '!../locales/zh-TW/autotrade.json',
      '!../locales/zh-TW/lending.json',
      '!../locales/zh-TW/binfi.json',
      '!../locales/zh-TW/content.json',
      '!../locales/zh-TW/search.json',
      '!../locales/zh-TW/partner.json',
      '!../locales/zh-TW/questionnaire.json',
      '!../locales/zh-TW/programs.json',
      '!../locales/zh-TW/dashboard.json',
    ],
    { eager: true, import: 'default' },
  ),
);
