/**
 * Deposit rules of the custodial wallet (spec platform-account-wallet sections 3, 6 and
 * 9). Shared by the server (WalletDepositInfo, the deposit watcher, the simulators) and the
 * browser (network selector, limit text).
 *
 * Decisions:
 * - Networks a currency can be deposited on: USDT on ERC20 and TRC20, USDC and BCNT on ERC20,
 *   ETH on Ethereum, BTC on native SegWit only (the member's deposit address is a `bc1q...`
 *   P2WPKH address; any Bitcoin wallet can pay it). ERC20 is listed first: Ethereum is the
 *   platform's primary network and the only one the browser wallet can pay from.
 * - Confirmations: TRC20 12, BTC 5 (spec section 9); the EVM networks take the server's
 *   DEPOSIT_CONFIRMATIONS (default 20 = the spec's ERC 20), reported by WalletDepositInfo.
 * - Expected time (an anvil block is seconds, not "about 5 to 30 minutes"): the EVM
 *   networks derive it from the configuration, `evmConfirmationSeconds`: the confirmations
 *   times the chain's block time (CHAIN_BLOCK_SECONDS: 12 s, Ethereum's slot; 2 s on the local
 *   chain) at best, twice that plus one scheduler poll at worst (a busy network delays the
 *   inclusion and misses slots; the watcher credits at its next poll). Ethereum with the spec's
 *   20 confirmations: about 4 to 9 minutes; the dev chain with 1: about 2 to 5 seconds. TRC20
 *   and BTC keep the spec's times (their confirmations are fixed): 5 to 10 and 60 to 90 minutes.
 * - Level-1 deposit limit (spec section 9 "Deposit limit shown for level 1: 10,000 USDT"): a
 *   level-1 member may deposit up to 10,000 USDT equivalent per rolling 24 hours, counting the
 *   deposits credited and still confirming in the last 24 hours, valued at the quotation
 *   service's USDT prices (USDT/USDC 1, BCNT at its quoted price, ETH/BTC at the reference
 *   prices). Levels 2 to 4 have no deposit limit; level 0 cannot deposit at all (KYC required).
 *   A deposit that arrives on chain is never refused or lost: one that would go over the limit
 *   when it is confirmed is kept with status `held` (not credited) and shown to the member as
 *   held with "contact support"; an operator releases it (`deposits release --id N`), which
 *   credits it.
 * - Deposits below any size are credited (no dust minimum): the platform pays no fee to receive.
 */
import type { WalletCurrency } from '../api/wallet';
import { LOCAL_CHAIN_ID } from './chain';
import { withdrawalNetworkById } from './networks';

export const DEPOSIT_NETWORK_IDS = ['ERC20', 'ETH', 'TRC20', 'BTC_NATIVE_SEGWIT'] as const;
export type DepositNetworkId = (typeof DEPOSIT_NETWORK_IDS)[number];

/** The chain family whose deposit address a network uses (deposit_addresses.chain). */
export const DEPOSIT_NETWORK_CHAIN = {
  ERC20: 'evm',
  ETH: 'evm',
  TRC20: 'tron',
  BTC_NATIVE_SEGWIT: 'bitcoin',
} as const satisfies Record<DepositNetworkId, 'evm' | 'tron' | 'bitcoin'>;

/** Deposit networks per currency, in display order. */
export const DEPOSIT_NETWORKS: Record<WalletCurrency, readonly DepositNetworkId[]> = {
  BCNT: ['ERC20'],
  USDT: ['ERC20', 'TRC20'],
  USDC: ['ERC20'],
  BTC: ['BTC_NATIVE_SEGWIT'],
  ETH: ['ETH'],
};

/** Networks whose deposits the browser wallet can pay (EVM). */
export const isEvmDepositNetwork = (network: DepositNetworkId) =>
  DEPOSIT_NETWORK_CHAIN[network] === 'evm';

/** Seconds per block when CHAIN_BLOCK_SECONDS is not set: 2 on the local chain, else Ethereum's 12. */
export function defaultBlockSeconds(chainId: number): number {
  return chainId === LOCAL_CHAIN_ID ? 2 : 12;
}

/**
 * The time an EVM deposit takes from sending to credit, in seconds: `confirmations` blocks of
 * `blockSeconds` at best; twice that plus one scheduler poll (`pollMs`) at worst.
 */
export function evmConfirmationSeconds(
  confirmations: number,
  blockSeconds: number,
  pollMs: number,
): { min: number; max: number } {
  const blocks = confirmations * blockSeconds;
  return { min: blocks, max: 2 * blocks + Math.ceil(pollMs / 1000) };
}

/** The spec's confirmations and times of a non-EVM network (TRC20 12, BTC 5). */
export function networkConfirmations(network: DepositNetworkId) {
  const definition = withdrawalNetworkById(network);
  if (!definition) throw new Error(`unknown network ${network}`);
  return {
    label: definition.label,
    confirmations: definition.confirmations,
    confirmationMinutes: definition.confirmationMinutes,
  };
}

/** Level-1 deposit limit in USDT (whole units) per rolling window. */
export const LEVEL1_DEPOSIT_LIMIT_USDT = '10000';
export const DEPOSIT_LIMIT_WINDOW_HOURS = 24;
/** How many recent deposits WalletDepositInfo lists. */
export const RECENT_DEPOSITS = 20;
/** How often the browser refetches while a deposit is confirming (ms). */
export const DEPOSIT_POLL_MS = 5_000;
