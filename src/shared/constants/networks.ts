/**
 * Withdrawal networks of the custodial wallet (spec platform-account-wallet sections 3, 5 and 9).
 * Shared by the withdrawal form, the saved-address book and the server.
 *
 * Accepted networks (spec section 5): USDT on TRC20 and ERC20, USDC and BCNT on ERC20 only, ETH
 * on Ethereum mainnet, BTC on legacy, nested SegWit and native SegWit. Mainnet only.
 *
 * Decisions:
 * - ERC20 and ETH are both Ethereum mainnet (platform chain id 1) but stay two networks: the
 *   member picks "ERC20" for a token and "Ethereum" for ether, as exchanges show it. ETH takes
 *   the ERC confirmations of spec section 9 (same chain).
 * - Bitcoin is one chain with three networks, one per address type, so the address the member
 *   enters must match the network chosen (`addressType`, checked in validation/address.ts).
 * - `label` is the network's proper name, shown untranslated in every locale (as exchanges do).
 * - Order is display order; `networksFor` keeps it (USDT: TRC20 first, as spec section 5 lists).
 */
import { PLATFORM_CHAIN_ID, type CurrencyDefinition, type PlatformChainId } from './currencies';

/** The currencies that can be withdrawn (codes of currencies.ts). */
export type WithdrawalCurrency = CurrencyDefinition['code'];

/**
 * The address encoding a network takes:
 * - `evm`: 0x + 40 hex digits, EIP-55 checksum when mixed case;
 * - `tron`: Base58Check, version byte 0x41 (starts with T);
 * - `btc-p2pkh`: Base58Check, version 0x00 (starts with 1);
 * - `btc-p2sh`: Base58Check, version 0x05 (starts with 3);
 * - `btc-segwit`: bc1, Bech32 (v0) or Bech32m (v1 taproot).
 */
export type WithdrawalAddressType = 'evm' | 'tron' | 'btc-p2pkh' | 'btc-p2sh' | 'btc-segwit';

export interface WithdrawalNetwork {
  readonly id: string;
  /** the network's name as shown (untranslated proper name) */
  readonly label: string;
  /** platform network id of spec section 3 (PLATFORM_CHAIN_ID: bitcoin 0, ethereum 1, tron 3) */
  readonly chainId: PlatformChainId;
  readonly addressType: WithdrawalAddressType;
  /** block confirmations before a transfer counts (spec section 9) */
  readonly confirmations: number;
  /** the time those confirmations take, as the spec states it, in minutes */
  readonly confirmationMinutes: { readonly min: number; readonly max: number };
  /** currencies that may be withdrawn on this network */
  readonly currencies: readonly WithdrawalCurrency[];
}

/** Spec section 9: TRC 12 (5 to 10 min), ERC 20 (5 to 30 min), BTC 5 (60 to 90 min). */
const TRON_CONFIRMATIONS = { confirmations: 12, confirmationMinutes: { min: 5, max: 10 } } as const;
const ETHEREUM_CONFIRMATIONS = {
  confirmations: 20,
  confirmationMinutes: { min: 5, max: 30 },
} as const;
const BITCOIN_CONFIRMATIONS = {
  confirmations: 5,
  confirmationMinutes: { min: 60, max: 90 },
} as const;

export const WITHDRAWAL_NETWORKS = [
  {
    id: 'TRC20',
    label: 'Tron (TRC20)',
    chainId: PLATFORM_CHAIN_ID.tron,
    addressType: 'tron',
    ...TRON_CONFIRMATIONS,
    currencies: ['USDT'],
  },
  {
    id: 'ERC20',
    label: 'Ethereum (ERC20)',
    chainId: PLATFORM_CHAIN_ID.ethereum,
    addressType: 'evm',
    ...ETHEREUM_CONFIRMATIONS,
    currencies: ['USDT', 'USDC', 'BCNT'],
  },
  {
    id: 'ETH',
    label: 'Ethereum',
    chainId: PLATFORM_CHAIN_ID.ethereum,
    addressType: 'evm',
    ...ETHEREUM_CONFIRMATIONS,
    currencies: ['ETH'],
  },
  {
    id: 'BTC_LEGACY',
    label: 'Bitcoin (Legacy)',
    chainId: PLATFORM_CHAIN_ID.bitcoin,
    addressType: 'btc-p2pkh',
    ...BITCOIN_CONFIRMATIONS,
    currencies: ['BTC'],
  },
  {
    id: 'BTC_NESTED_SEGWIT',
    label: 'Bitcoin (Nested SegWit)',
    chainId: PLATFORM_CHAIN_ID.bitcoin,
    addressType: 'btc-p2sh',
    ...BITCOIN_CONFIRMATIONS,
    currencies: ['BTC'],
  },
  {
    id: 'BTC_NATIVE_SEGWIT',
    label: 'Bitcoin (Native SegWit)',
    chainId: PLATFORM_CHAIN_ID.bitcoin,
    addressType: 'btc-segwit',
    ...BITCOIN_CONFIRMATIONS,
    currencies: ['BTC'],
  },
] as const satisfies readonly WithdrawalNetwork[];

export type WithdrawalNetworkId = (typeof WITHDRAWAL_NETWORKS)[number]['id'];

/** Every network id, for `z.enum(WITHDRAWAL_NETWORK_IDS)` in request schemas. */
export const WITHDRAWAL_NETWORK_IDS = WITHDRAWAL_NETWORKS.map((network) => network.id) as [
  WithdrawalNetworkId,
  ...WithdrawalNetworkId[],
];

export function isWithdrawalNetworkId(value: string): value is WithdrawalNetworkId {
  return (WITHDRAWAL_NETWORK_IDS as readonly string[]).includes(value);
}

export function withdrawalNetworkById(id: string): WithdrawalNetwork | undefined {
  return WITHDRAWAL_NETWORKS.find((network) => network.id === id);
}

/** The networks `currency` may be withdrawn on, in display order; empty for anything else. */
export function networksFor(currency: string): readonly WithdrawalNetwork[] {
  return WITHDRAWAL_NETWORKS.filter((network) =>
    (network.currencies as readonly string[]).includes(currency),
  );
}

/** Whether `currency` may be withdrawn on `network` (false for unknown values of either). */
export function isNetworkAllowed(currency: string, network: string): boolean {
  return networksFor(currency).some((candidate) => candidate.id === network);
}
