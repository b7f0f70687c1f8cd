import { namespacesFromGlob } from '../namespaces';

/**
 * The first-load namespaces of zh-CN in one chunk, loaded only when zh-CN is the active language.
 * Screen-only namespaces (LAZY_NAMESPACES) load with their screens: see lazy-namespaces.ts.
 */
export default namespacesFromGlob(
  import.meta.glob<Record<string, string>>(
    [
      '../locales/zh-CN/*.json',
      '!../locales/zh-CN/auth.json',
      '!../locales/zh-CN/security.json',
      '!../locales/zh-CN/tx.json',
      '!../locales/zh-CN/loyalty.json',
      '!../locales/zh-CN/alliance.json',
      '!../locales/zh-CN/account.json',
      '!../locales/zh-CN/kyc.json',
      '!../locales/zh-CN/onboarding.json',
      '!../locales/zh-CN/custody.json',
      '!../locales/zh-CN/deposit.json',
      '!../locales/zh-CN/withdraw.json',
      '!../locales/zh-CN/convert.json',
      '!../locales/zh-CN/store.json',
      '!../locales/zh-CN/earn.json',
      '!../locales/zh-CN/portfolio.json',
      '!../locales/zh-CN/autotrade.json',
      '!../locales/zh-CN/lending.json',
      '!../locales/zh-CN/binfi.json',
      '!../locales/zh-CN/content.json',
      '!../locales/zh-CN/search.json',
      '!../locales/zh-CN/partner.json',
      '!../locales/zh-CN/questionnaire.json',
      '!../locales/zh-CN/programs.json',
      '!../locales/zh-CN/dashboard.json',
    ],
    { eager: true, import: 'default' },
  ),
);
