import i18next from 'i18next';

/**
 * Namespaces that only some screens use are not in the first load: a route's screen loader
 * asks for them (`withNamespaces` in src/app/routes.ts) and they arrive, for the active
 * language only, with the screen's own chunk. Everything else is in `resources/<lng>.ts`.
 */
export const LAZY_NAMESPACES = [
  'auth',
  'security',
  'tx',
  'loyalty',
  'alliance',
  'account',
  'kyc',
  'onboarding',
  'custody',
  'deposit',
  'withdraw',
  'convert',
  'store',
  'earn',
  'portfolio',
  'autotrade',
  'lending',
  'questionnaire',
  'binfi',
  'content',
  'search',
  'programs',
  'dashboard',
  'partner',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

const loaders = import.meta.glob<Record<string, string>>(
  './locales/*/{auth,security,tx,loyalty,alliance,account,kyc,onboarding,custody,deposit,withdraw,convert,store,earn,portfolio,autotrade,lending,questionnaire,binfi,content,search,programs,dashboard,partner}.json',
  {
    import: 'default',
  },
);

const requested = new Set<LazyNamespace>();

/** Loads the namespaces for the active language into i18next (no-op when already there). */
export async function ensureNamespaces(namespaces: readonly LazyNamespace[]): Promise<void> {
  for (const ns of namespaces) requested.add(ns);
  const lng = i18next.language;
  if (!lng) return;
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18next.hasResourceBundle(lng, ns)) return;
      const load = loaders[`./locales/${lng}/${ns}.json`];
      if (!load) throw new Error(`no ${ns} translations for ${lng}`);
      i18next.addResourceBundle(lng, ns, await load(), true, true);
    }),
  );
}

// A language applied in place (no reload) needs the screen namespaces already in use as well;
// components re-render when they arrive (`bindI18nStore: 'added'` in i18n.ts).
i18next.on('languageChanged', () => {
  if (requested.size > 0) void ensureNamespaces([...requested]);
});
