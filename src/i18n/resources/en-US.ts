import { namespacesFromGlob } from '../namespaces';

/**
 * The first-load namespaces of en-US in one chunk, loaded only when en-US is the active language.
 * Screen-only namespaces (LAZY_NAMESPACES) load with their screens: see lazy-namespaces.ts.
 */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>(
    [
      '../locales/en-US/*.json',
      '!../locales/en-US/auth.json',
      '!../locales/en-US/security.json',
      '!../locales/en-US/tx.json',
      '!../locales/en-US/loyalty.json',
      '!../locales/en-US/alliance.json',
      '!../locales/en-US/account.json',
      '!../locales/en-US/kyc.json',
      '!../locales/en-US/onboarding.json',
      '!../locales/en-US/custody.json',
      '!../locales/en-US/deposit.json',
      '!../locales/en-US/withdraw.json',
      '!../locales/en-US/convert.json',
      '!../locales/en-US/store.json',
      '!../locales/en-US/earn.json',
      '!../locales/en-US/portfolio.json',
      '!../locales/en-US/autotrade.json',
      '!../locales/en-US/lending.json',
      '!../locales/en-US/binfi.json',
      '!../locales/en-US/content.json',
      '!../locales/en-US/search.json',
      '!../locales/en-US/partner.json',
      '!../locales/en-US/questionnaire.json',
      '!../locales/en-US/programs.json',
      '!../locales/en-US/dashboard.json',
    ],
    { eager: true, import: 'default' },
  ),
);
