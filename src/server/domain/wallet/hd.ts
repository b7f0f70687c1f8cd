import { type HDAccount, mnemonicToAccount } from 'viem/accounts';

/**
 * Keys of the custodial wallet, all derived from WALLET_SEED (config.walletSeed, a BIP-39
 * mnemonic) along BIP-44 paths:
 *
 * - EVM hot wallet (signs withdrawals):      m/44'/60'/0'/0/0
 *   (with the development seed this is anvil account 0, the deployer holding the test tokens)
 * - member EVM deposit address:              m/44'/60'/1'/0/{memberId}
 * - BCNT store order address (USDT, EVM):    m/44'/60'/2'/0/{orderId}
 * - member Bitcoin deposit (native SegWit):  m/84'/0'/0'/0/{memberId}
 * - member TRON deposit (TRC20):             m/44'/195'/0'/0/{memberId}
 *
 * The member paths use account 1' and 2' so they never meet anvil's test accounts
 * (m/44'/60'/0'/0/1..9) in development.
 */

export const HOT_WALLET_PATH = "m/44'/60'/0'/0/0" as const;

export const evmDepositPath = (memberId: number) => `m/44'/60'/1'/0/${memberId}` as const;
export const storeOrderPath = (orderId: number) => `m/44'/60'/2'/0/${orderId}` as const;
export const bitcoinDepositPath = (memberId: number) => `m/84'/0'/0'/0/${memberId}` as const;
export const tronDepositPath = (memberId: number) => `m/44'/195'/0'/0/${memberId}` as const;

type EvmPath = `m/44'/60'/${string}`;

/** The local account at an EVM path (it can sign transactions). */
export function evmAccountAt(seed: string, path: EvmPath): HDAccount {
  return mnemonicToAccount(seed, { path: path as `m/44'/60'/${string}` });
}

/** The hot wallet that signs and pays for EVM withdrawals. */
export function hotWalletAccount(seed: string): HDAccount {
  return evmAccountAt(seed, HOT_WALLET_PATH);
}
