/**
 * Currency and network constants (spec section 3). Shared by the API (CurrencyList) and the
 * browser (precision tables, selectors).
 */

/**
 * The platform's network ids ("chain ids" in the spec). These are NOT EVM chain ids: they
 * name the network a currency moves on (deposit/withdrawal network type).
 */
export const PLATFORM_CHAIN_ID = {
  bitcoin: 0,
  ethereum: 1,
  binance: 2,
  tron: 3,
} as const;
export type PlatformChainId = (typeof PLATFORM_CHAIN_ID)[keyof typeof PLATFORM_CHAIN_ID];

/**
 * Currency ids (spec section 3): ETH 2, BTC 3, USDC 21, BCNT 27, MST 28.
 *
 * Decision: the spec says "USDT precision uses the MST entry". MST is the legacy name of the
 * platform's stable-coin slot (id 28); everything a member sees today in that slot is USDT
 * (store purchases, deposits and limits are in USDT). So id 28 is listed once, with code
 * `USDT`, and `MST` is kept as an alias of the same id so legacy data and precision tables that
 * say MST resolve to the same entry.
 */
export const CURRENCY_ID = {
  ETH: 2,
  BTC: 3,
  USDC: 21,
  BCNT: 27,
  USDT: 28,
  /** legacy name of id 28 (see above) */
  MST: 28,
} as const;
export type CurrencyId = (typeof CURRENCY_ID)[keyof typeof CURRENCY_ID];

export interface CurrencyDefinition {
  readonly id: CurrencyId;
  readonly code: 'ETH' | 'BTC' | 'USDC' | 'BCNT' | 'USDT';
  readonly name: string;
  /** on-chain decimals of the asset on its primary network (atomic units per whole unit) */
  readonly decimals: number;
  /** networks the platform accepts it on (PLATFORM_CHAIN_ID values), primary first */
  readonly chains: readonly PlatformChainId[];
}

/**
 * The currencies offered, in display order. Networks follow spec section 5 (accepted withdrawal
 * networks): USDT on ERC20 and TRC20, BCNT on ERC20 only, ETH on Ethereum, BTC on Bitcoin;
 * USDC is an ERC20 token. Decimals are the token's on-chain decimals (USDT and USDC use 6 on
 * Ethereum and Tron).
 */
export const CURRENCIES = [
  {
    id: CURRENCY_ID.ETH,
    code: 'ETH',
    name: 'Ethereum',
    decimals: 18,
    chains: [PLATFORM_CHAIN_ID.ethereum],
  },
  {
    id: CURRENCY_ID.BTC,
    code: 'BTC',
    name: 'Bitcoin',
    decimals: 8,
    chains: [PLATFORM_CHAIN_ID.bitcoin],
  },
  {
    id: CURRENCY_ID.USDC,
    code: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    chains: [PLATFORM_CHAIN_ID.ethereum],
  },
  {
    id: CURRENCY_ID.BCNT,
    code: 'BCNT',
    name: 'Bincentive Token',
    decimals: 18,
    chains: [PLATFORM_CHAIN_ID.ethereum],
  },
  {
    id: CURRENCY_ID.USDT,
    code: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    chains: [PLATFORM_CHAIN_ID.ethereum, PLATFORM_CHAIN_ID.tron],
  },
] as const satisfies readonly CurrencyDefinition[];

export function currencyById(id: number): CurrencyDefinition | undefined {
  return CURRENCIES.find((currency) => currency.id === id);
}

/** The currency with this code ('MST' is the legacy name of USDT's id 28). */
export function currencyByCode(code: string): CurrencyDefinition | undefined {
  const wanted = code === 'MST' ? 'USDT' : code;
  return CURRENCIES.find((currency) => currency.code === wanted);
}
