/// <reference types="vite/client" />

/**
 * Build-time config injected by `vite.config.ts` (`define`). Read it through `src/lib/config.ts`
 * (validated).
 */
interface ImportMetaEnv {
  readonly VITE_CHAIN_ID?: string;
  readonly VITE_CHAIN_RPC_URL?: string;
  readonly VITE_MAINNET_RPC_URL?: string;
  readonly VITE_WALLETCONNECT_PROJECT_ID?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_APP_ENV?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_HELP_CENTER_URL?: string;
  readonly VITE_HELP_CENTER_URL_ZH_TW?: string;
  readonly VITE_BLOG_URL?: string;
  readonly VITE_EARN_ACCESS_PASS_SHA256?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
