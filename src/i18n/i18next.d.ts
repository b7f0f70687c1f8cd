import 'i18next';
import type account from './locales/en-US/account.json';
import type alliance from './locales/en-US/alliance.json';
import type auth from './locales/en-US/auth.json';
import type autotrade from './locales/en-US/autotrade.json';
import type binfi from './locales/en-US/binfi.json';
import type common from './locales/en-US/common.json';
import type components from './locales/en-US/components.json';
import type content from './locales/en-US/content.json';
import type dashboard from './locales/en-US/dashboard.json';
import type partner from './locales/en-US/partner.json';
import type custody from './locales/en-US/custody.json';
import type deposit from './locales/en-US/deposit.json';
import type earn from './locales/en-US/earn.json';
import type withdraw from './locales/en-US/withdraw.json';
import type convert from './locales/en-US/convert.json';
import type store from './locales/en-US/store.json';
import type contact from './locales/en-US/contact.json';
import type errors from './locales/en-US/errors.json';
import type footer from './locales/en-US/footer.json';
import type kyc from './locales/en-US/kyc.json';
import type landing from './locales/en-US/landing.json';
import type lending from './locales/en-US/lending.json';
import type loyalty from './locales/en-US/loyalty.json';
import type maintenance from './locales/en-US/maintenance.json';
import type nav from './locales/en-US/nav.json';
import type onboarding from './locales/en-US/onboarding.json';
import type portfolio from './locales/en-US/portfolio.json';
import type programs from './locales/en-US/programs.json';
import type questionnaire from './locales/en-US/questionnaire.json';
import type search from './locales/en-US/search.json';
import type security from './locales/en-US/security.json';
import type tx from './locales/en-US/tx.json';
import type wallet from './locales/en-US/wallet.json';

/**
 * Typed keys (STYLE.md 10): `t('key')` is checked against en-US (the locales test keeps the
 * other two in step). A new namespace file must be listed here to be usable from `t`.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    keySeparator: false;
    resources: {
      account: typeof account;
      alliance: typeof alliance;
      auth: typeof auth;
      autotrade: typeof autotrade;
      binfi: typeof binfi;
      common: typeof common;
      components: typeof components;
      content: typeof content;
      contact: typeof contact;
      store: typeof store;
      convert: typeof convert;
      withdraw: typeof withdraw;
      deposit: typeof deposit;
      earn: typeof earn;
      custody: typeof custody;
      dashboard: typeof dashboard;
      partner: typeof partner;
      errors: typeof errors;
      footer: typeof footer;
      kyc: typeof kyc;
      landing: typeof landing;
      lending: typeof lending;
      loyalty: typeof loyalty;
      maintenance: typeof maintenance;
      nav: typeof nav;
      onboarding: typeof onboarding;
      portfolio: typeof portfolio;
      programs: typeof programs;
      questionnaire: typeof questionnaire;
      search: typeof search;
      security: typeof security;
      tx: typeof tx;
      wallet: typeof wallet;
    };
  }
}
