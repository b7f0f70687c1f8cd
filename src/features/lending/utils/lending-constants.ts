/**
 * The lending bot's business constants as the member reads them (spec products-programs.md
 * section 9 "Lending"). The server charges by its own figures (SubscriptionFee answers the
 * exact amounts); these are for the texts that explain the rules (terms, hints).
 */
export const LENDING_TRIAL_DAYS = 14;
export const LENDING_PERIOD_DAYS = 30;
export const LENDING_FEE_USDT = 5;
export const LENDING_BCNT_DISCOUNT_PERCENT = 20;
export const LENDING_EXCHANGE_FEE_PERCENT = 15;
/** The deals table shows the latest ones only. */
export const LENDING_DEALS_SHOWN = 10;

/**
 * The lending products the dashboard offers, by id. The contract has no list of products (only
 * StrategyDetail by id); the spec numbers the lending detail 1 (`/portfolio/autotrade/1`), the
 * one product the platform runs. A list call would replace this (see the feature README).
 */
export const LENDING_PRODUCT_IDS: readonly number[] = [1];
