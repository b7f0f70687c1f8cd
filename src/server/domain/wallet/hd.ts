import { pbkdf2Sync } from 'node:crypto';
import { bytesToHex, hexToBytes, keccak256, ripemd160, sha256 } from 'viem';
import { type HDAccount, HDKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';

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
 *
 * Address encodings (checked against the published BIP-84 and TronLink vectors in hd.test.ts):
 * EVM: EIP-55 of keccak256(uncompressed pubkey), stored lower-case; Bitcoin: P2WPKH Bech32
 * `bc1q...` of HASH160(compressed pubkey); TRON: Base58Check of 0x41 + the same 20 bytes an EVM
 * address has (keccak256 of the uncompressed pubkey), `T...`.
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

// ---------------------------------------------------------------------------------------------
// Deposit addresses of the three chain families (Bitcoin native SegWit, TRON, EVM).

const masterKeys = new Map<string, HDKey>();

/**
 * The BIP-32 master key of a BIP-39 mnemonic (seed = PBKDF2-HMAC-SHA512(NFKD mnemonic,
 * "mnemonic", 2048 rounds, 64 bytes), no passphrase), cached per mnemonic: the PBKDF2 costs
 * milliseconds and every address derivation needs it.
 */
function masterKey(seed: string): HDKey {
  let key = masterKeys.get(seed);
  if (!key) {
    const bytes = pbkdf2Sync(seed.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
    key = HDKey.fromMasterSeed(new Uint8Array(bytes));
    masterKeys.set(seed, key);
  }
  return key;
}

/** The key at a BIP-32 path (any purpose and coin type). */
export function hdKeyAt(seed: string, path: string): HDKey {
  const key = masterKey(seed).derive(path);
  if (!key.publicKey || !key.privateKey) throw new Error(`hd: no key at ${path}`);
  return key;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) checksum ^= BECH32_GENERATOR[i]!;
  }
  return checksum;
}

/** BIP-173 Bech32 (checksum constant 1) of 5-bit `words` under `hrp`. */
function encodeBech32(hrp: string, words: readonly number[]): string {
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  const expanded = [...codes.map((code) => code >>> 5), 0, ...codes.map((code) => code & 31)];
  const polymod = bech32Polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (polymod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((word) => BECH32_CHARSET[word]).join('')}`;
}

/** bytes -> 5-bit groups, zero-padded (BIP-173 convertbits(data, 8, 5, True)). */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = ((accumulator << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  return words;
}

/**
 * The mainnet P2WPKH address (BIP-84/BIP-173, `bc1q...`) of a 33-byte compressed public key:
 * witness version 0 and the 20-byte program HASH160(pubkey) = RIPEMD-160(SHA-256(pubkey)).
 */
export function p2wpkhAddress(compressedPublicKey: Uint8Array): string {
  if (compressedPublicKey.length !== 33) throw new Error('p2wpkh: a compressed public key');
  const program = ripemd160(sha256(compressedPublicKey, 'bytes'), 'bytes');
  return encodeBech32('bc', [0, ...toWords(program)]);
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58Check: payload + the first 4 bytes of SHA-256(SHA-256(payload)), in Base58. */
export function encodeBase58Check(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload, 'bytes'), 'bytes').subarray(0, 4);
  const bytes = new Uint8Array([...payload, ...checksum]);
  let value = BigInt(bytesToHex(bytes));
  let text = '';
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)]! + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * The TRON address of an uncompressed secp256k1 public key (65 bytes with the 0x04 prefix, or
 * the 64 bytes without it): Base58Check of 0x41 + the last 20 bytes of keccak256(X || Y).
 */
export function tronAddressFromPublicKey(uncompressedPublicKey: Uint8Array): string {
  const xy =
    uncompressedPublicKey.length === 65 ? uncompressedPublicKey.subarray(1) : uncompressedPublicKey;
  if (xy.length !== 64) throw new Error('tron: an uncompressed public key');
  const hash = keccak256(xy, 'bytes');
  return encodeBase58Check(new Uint8Array([0x41, ...hash.subarray(12)]));
}

/** The uncompressed public key (65 bytes, 0x04 X Y) of a private key. */
function uncompressedPublicKey(privateKey: Uint8Array): Uint8Array {
  return hexToBytes(privateKeyToAccount(bytesToHex(privateKey)).publicKey);
}

/** A member's EVM deposit address (ETH and the ERC20 tokens), lower-case as stored. */
export function evmDepositAddress(seed: string, memberId: number): string {
  return evmAccountAt(seed, evmDepositPath(memberId)).address.toLowerCase();
}

/** A store order's EVM address (USDT), lower-case as stored. */
export function storeOrderAddress(seed: string, orderId: number): string {
  return evmAccountAt(seed, storeOrderPath(orderId)).address.toLowerCase();
}

/** A member's Bitcoin deposit address: native SegWit P2WPKH (`bc1q...`) at bitcoinDepositPath. */
export function bitcoinDepositAddress(seed: string, memberId: number): string {
  return p2wpkhAddress(hdKeyAt(seed, bitcoinDepositPath(memberId)).publicKey!);
}

/** A member's TRON deposit address (TRC20 USDT, `T...`) at tronDepositPath. */
export function tronDepositAddress(seed: string, memberId: number): string {
  return tronAddressFromPublicKey(
    uncompressedPublicKey(hdKeyAt(seed, tronDepositPath(memberId)).privateKey!),
  );
}
