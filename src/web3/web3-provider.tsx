import {
  RainbowKitProvider,
  lightTheme,
  type Locale as RainbowKitLocale,
} from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Hydrate, WagmiContext, type Config } from 'wagmi';
import { resolveLocale, type Locale } from '../shared/constants/locales';
import { ChainStatus } from './chain-status';
import { APP_NAME, getWagmiSetup, type WagmiSetup } from './wagmi-config';

const FONT_BY_LOCALE: Record<Locale, string> = {
  'en-US': 'var(--font-family-base, sans-serif)',
  'zh-TW': 'var(--font-family-latin), var(--font-family-cjk-tc), sans-serif',
  'zh-CN': 'var(--font-family-latin), var(--font-family-cjk-sc), sans-serif',
};

/**
 * RainbowKit's modals sit on the light content area: its light theme with the app's primary
 * blue, text colours and fonts (CJK fallbacks by language). The values are the design tokens
 * (RainbowKit writes them into CSS custom properties, so `var()` works).
 */
export function walletTheme(locale: Locale) {
  const base = lightTheme({
    accentColor: 'var(--color-primary)',
    accentColorForeground: 'var(--color-on-primary)',
    borderRadius: 'medium',
    fontStack: 'system',
    overlayBlur: 'small',
  });
  return {
    ...base,
    fonts: { body: FONT_BY_LOCALE[locale] },
    colors: {
      ...base.colors,
      modalText: 'var(--color-text)',
      modalTextSecondary: 'var(--color-text-muted)',
      modalBackdrop: 'var(--color-overlay)',
      error: 'var(--color-danger)',
    },
  };
}

/** The app's languages are a subset of RainbowKit's locales; anything else falls back like the app. */
export function rainbowKitLocale(language: string | undefined): Locale & RainbowKitLocale {
  return resolveLocale(language);
}

export interface Web3ProviderProps {
  children: ReactNode;
  /** Defaults to the page's one wagmi setup (from the build config). */
  setup?: WagmiSetup;
  /**
   * Show "the chain cannot be reached, retrying" above the children while a chain read fails
   * that way (`chain-status.tsx`). Default on: every chain screen wraps itself in this provider;
   * the nav's wallet area and the sign-in flows turn it off.
   */
  chainStatus?: boolean;
}

/**
 * wagmi + RainbowKit for what is below. Uses the app's QueryClient from context (wagmi's hooks
 * share its cache); only when there is none (e.g. rendered on its own) it makes one.
 */
export function Web3Provider({
  children,
  setup = getWagmiSetup(),
  chainStatus = true,
}: Web3ProviderProps) {
  const { i18n } = useTranslation();
  const locale = rainbowKitLocale(i18n.resolvedLanguage ?? i18n.language);
  const theme = useMemo(() => walletTheme(locale), [locale]);
  const inner = (
    <WagmiConfigProvider config={setup.config}>
      <RainbowKitProvider
        theme={theme}
        locale={locale}
        initialChain={setup.appChain}
        modalSize="compact"
        appInfo={{ appName: APP_NAME }}
      >
        {chainStatus ? <ChainStatus /> : null}
        {children}
      </RainbowKitProvider>
    </WagmiConfigProvider>
  );
  return <WithQueryClient>{inner}</WithQueryClient>;
}

/** Configs whose stored connection has been restored (once per page, whoever mounted first). */
const hydratedConfigs = new WeakSet<Config>();

/**
 * The page has several wallet areas, each with its provider (the nav's, a staking panel's, the
 * Alliance panel's, the deposit form's: each is its own lazy chunk and subtree), all on the one
 * config. wagmi's provider restores and reconnects the stored connection *during render*
 * (client-only apps), so a second provider mounting later updated the first one's components
 * while rendering (React: "Cannot update a component while rendering a different component")
 * and reconnected a second time. Only the first provider of a config hydrates (wagmi's
 * `Hydrate`: with `ssr: true` it restores the connection and adds the EIP-6963 wallets after
 * mount); later ones just provide it.
 *
 * The first provider is chosen in an effect, i.e. among *committed* trees: a render React throws
 * away (a suspended or interrupted transition render) must not claim it, or no provider would
 * ever hydrate and the connect modal would list no wallet.
 */
function WagmiConfigProvider({ config, children }: { config: Config; children: ReactNode }) {
  const [hydrates, setHydrates] = useState(false);
  useEffect(() => {
    if (hydratedConfigs.has(config)) return;
    hydratedConfigs.add(config);
    setHydrates(true);
  }, [config]);
  return (
    <WagmiContext.Provider value={config}>
      {hydrates ? <Hydrate config={config} /> : null}
      {children}
    </WagmiContext.Provider>
  );
}

function WithQueryClient({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [own] = useState(() => (existing ? undefined : new QueryClient()));
  if (existing || !own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
