/**
 * Withdrawal address rules (spec platform-account-wallet section 5), pure functions shared by
 * the withdrawal form, the saved-address book and the server. Isomorphic: no Node APIs; SHA-256
 * comes from viem (@noble/hashes underneath), Bech32/Bech32m is implemented below.
 *
 * `checkWithdrawalAddress` returns null when the address may receive a withdrawal on the
 * network, otherwise one of the spec's two messages (which double as i18n keys):
 *
 * - "The address format is incorrect." (`AddressMessage.format`): the trimmed value does not
 *   have the network's shape, i.e. its prefix, length and character class of spec section 5:
 *     BTC (all three networks): bc1, 1 or 3, then 25 to 39 letters or digits; bc1 may also be
 *       followed by 59 (the spec's 25-39 is the pre-taproot pattern; P2WSH and taproot
 *       addresses are 62 characters long). `bc1` is matched in either case.
 *     ERC20 and ETH: 0x then 40 letters or digits.
 *     TRC20: T then 33 letters or digits.
 *   Empty input, inner spaces and testnet addresses (tb1..., m/n/2...) fail here: the platform
 *   is mainnet only and those do not start with a mainnet prefix.
 * - "Recipient address is invalid." (`AddressMessage.invalid`): the shape is right but the
 *   content is not a real mainnet address of the network chosen:
 *     a character outside the encoding's alphabet (hex, Base58, Bech32);
 *     a failed checksum: EIP-55 on a mixed-case EVM address (all-lower and all-upper carry no
 *       checksum and pass), Base58Check (double SHA-256) for BTC 1.../3... and TRON, Bech32 for
 *       bc1q (witness v0, 20- or 32-byte program), Bech32m for bc1p (v1 taproot, 32 bytes);
 *     a wrong version byte (TRON 0x41, BTC 0x00 legacy, 0x05 P2SH) or upper/lower case mixed in
 *       a bc1 address;
 *     an address type that does not match the BTC network chosen: BTC_LEGACY takes 1...,
 *       BTC_NESTED_SEGWIT takes 3... (any P2SH: a nested-SegWit script cannot be told from other
 *       P2SH scripts by its address), BTC_NATIVE_SEGWIT takes bc1q.../bc1p...;
 *     a witness version other than 0 and 1, or a v1 program that is not 32 bytes: valid to
 *       BIP-350 but not spendable by any wallet today, so a withdrawal there would be lost;
 *     an all-zero hash or program (0x000...0 and its TRON/BTC equivalents): burn addresses.
 */
import { getAddress, sha256 } from 'viem';
import {
  withdrawalNetworkById,
  type WithdrawalAddressType,
  type WithdrawalNetworkId,
} from '../constants/networks';

export const AddressMessage = {
  invalid: 'Recipient address is invalid.',
  format: 'The address format is incorrect.',
} as const;
export type AddressMessage = (typeof AddressMessage)[keyof typeof AddressMessage];

/** At most 10 saved withdrawal addresses per member (spec sections 3, 5 and 9). */
export const MAX_SAVED_ADDRESSES = 10;

// ---------------------------------------------------------------------------------------------
// Shapes (spec section 5): a mismatch is "The address format is incorrect."

const EVM_SHAPE = /^0x[A-Za-z0-9]{40}$/;
const TRON_SHAPE = /^T[A-Za-z0-9]{33}$/;
const BTC_BASE58_SHAPE = /^[13][A-Za-z0-9]{25,39}$/;
const BTC_BECH32_SHAPE = /^bc1(?:[A-Za-z0-9]{25,39}|[A-Za-z0-9]{59})$/i;

function hasShape(type: WithdrawalAddressType, value: string): boolean {
  switch (type) {
    case 'evm':
      return EVM_SHAPE.test(value);
    case 'tron':
      return TRON_SHAPE.test(value);
    case 'btc-p2pkh':
    case 'btc-p2sh':
    case 'btc-segwit':
      return BTC_BASE58_SHAPE.test(value) || BTC_BECH32_SHAPE.test(value);
  }
}

// ---------------------------------------------------------------------------------------------
// Base58Check (Bitcoin P2PKH/P2SH, TRON)

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function decodeBase58(value: string): Uint8Array | null {
  const bytes: number[] = []; // little-endian big number
  for (const char of value) {
    let carry = BASE58_ALPHABET.indexOf(char);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i += 1) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let zeros = 0;
  while (value[zeros] === '1') zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()]);
}

/**
 * The payload (version byte + data) of a Base58Check string, or null when a character is not
 * Base58 or the 4-byte checksum (first bytes of SHA-256 twice) does not match.
 */
export function decodeBase58Check(value: string): Uint8Array | null {
  const bytes = decodeBase58(value);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.slice(0, -4);
  const hash = sha256(sha256(payload, 'bytes'), 'bytes');
  for (let i = 0; i < 4; i += 1) {
    if (hash[i] !== bytes[bytes.length - 4 + i]) return null;
  }
  return payload;
}

// ---------------------------------------------------------------------------------------------
// Bech32 (BIP-173) and Bech32m (BIP-350)

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;
const BECH32_MAX_LENGTH = 90;

export type Bech32Encoding = 'bech32' | 'bech32m';

export interface Bech32Decoded {
  /** human-readable part, lower case */
  hrp: string;
  /** the 5-bit data values without the 6 checksum values */
  words: number[];
  encoding: Bech32Encoding;
}

function bech32Polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) {
      if ((top >>> i) & 1) checksum ^= BECH32_GENERATOR[i]!;
    }
  }
  return checksum;
}

function bech32HrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  return [...codes.map((code) => code >>> 5), 0, ...codes.map((code) => code & 31)];
}

/**
 * Decodes a Bech32 or Bech32m string (any HRP): at most 90 characters of US-ASCII 33-126, not
 * mixed case, a non-empty HRP before the last `1`, at least 6 data characters from the Bech32
 * alphabet, and a checksum that is valid for exactly one of the two encodings. Null otherwise.
 */
export function decodeBech32(value: string): Bech32Decoded | null {
  if (value.length > BECH32_MAX_LENGTH) return null;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 33 || code > 126) return null;
  }
  const lower = value.toLowerCase();
  if (value !== lower && value !== value.toUpperCase()) return null;
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length) return null;
  const hrp = lower.slice(0, separator);
  const data: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const index = BECH32_CHARSET.indexOf(char);
    if (index < 0) return null;
    data.push(index);
  }
  const check = bech32Polymod([...bech32HrpExpand(hrp), ...data]);
  const encoding = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : null;
  if (!encoding) return null;
  return { hrp, words: data.slice(0, -6), encoding };
}

/** 5-bit groups to bytes without padding (BIP-173 convertbits(data, 5, 8, False)). */
function fiveBitToBytes(words: readonly number[]): Uint8Array | null {
  let accumulator = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const word of words) {
    accumulator = ((accumulator << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >>> bits) & 0xff);
    }
  }
  // at most 4 padding bits, all zero
  if (bits >= 5 || ((accumulator << (8 - bits)) & 0xff) !== 0) return null;
  return Uint8Array.from(bytes);
}

export interface SegwitAddress {
  /** witness version 0 to 16 */
  version: number;
  /** witness program, 2 to 40 bytes (20 or 32 for version 0) */
  program: Uint8Array;
}

/**
 * Decodes a native SegWit address for `hrp` ('bc' on mainnet) by BIP-173 as amended by BIP-350:
 * version 0 with Bech32 and a 20- or 32-byte program; versions 1 to 16 with Bech32m and a 2- to
 * 40-byte program. Null otherwise.
 */
export function decodeSegwitAddress(hrp: string, address: string): SegwitAddress | null {
  const decoded = decodeBech32(address);
  if (!decoded || decoded.hrp !== hrp) return null;
  const [version, ...rest] = decoded.words;
  if (version === undefined || version > 16) return null;
  const program = fiveBitToBytes(rest);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  if (decoded.encoding !== (version === 0 ? 'bech32' : 'bech32m')) return null;
  return { version, program };
}

// ---------------------------------------------------------------------------------------------
// Content checks: a failure is "Recipient address is invalid."

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;
const BTC_MAINNET_HRP = 'bc';
const VERSION_TRON = 0x41;
const VERSION_BTC_P2PKH = 0x00;
const VERSION_BTC_P2SH = 0x05;

const isAllZero = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

function isValidEvmAddress(value: string): boolean {
  if (!EVM_HEX.test(value)) return false;
  const hex = value.slice(2);
  if (/^0+$/.test(hex)) return false;
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  return !mixedCase || getAddress(value) === value;
}

/** A 21-byte Base58Check payload with `version` and a non-zero 20-byte hash. */
function isBase58Address(value: string, version: number): boolean {
  const payload = decodeBase58Check(value);
  return payload?.length === 21 && payload[0] === version && !isAllZero(payload.subarray(1));
}

/** bc1q (v0, 20 or 32 bytes) or bc1p taproot (v1, 32 bytes), with a non-zero program. */
function isNativeSegwitAddress(value: string): boolean {
  const segwit = decodeSegwitAddress(BTC_MAINNET_HRP, value);
  if (!segwit || isAllZero(segwit.program)) return false;
  return segwit.version === 0 || (segwit.version === 1 && segwit.program.length === 32);
}

function hasValidContent(type: WithdrawalAddressType, value: string): boolean {
  switch (type) {
    case 'evm':
      return isValidEvmAddress(value);
    case 'tron':
      return isBase58Address(value, VERSION_TRON);
    case 'btc-p2pkh':
      return isBase58Address(value, VERSION_BTC_P2PKH);
    case 'btc-p2sh':
      return isBase58Address(value, VERSION_BTC_P2SH);
    case 'btc-segwit':
      return isNativeSegwitAddress(value);
  }
}

/**
 * Null when `address` (trimmed) may receive a withdrawal on `network`, otherwise the spec
 * message (see the top of this file for which failure gives which). A network id that is not
 * one of WITHDRAWAL_NETWORKS (unchecked input at run time) gives "Recipient address is invalid.".
 */
export function checkWithdrawalAddress(
  network: WithdrawalNetworkId,
  address: string,
): AddressMessage | null {
  const type = withdrawalNetworkById(network)?.addressType;
  if (!type) return AddressMessage.invalid;
  const value = address.trim();
  if (!hasShape(type, value)) return AddressMessage.format;
  return hasValidContent(type, value) ? null : AddressMessage.invalid;
}

/**
 * The form to store and send: trimmed; EVM addresses EIP-55 checksummed; an upper-case bc1
 * address (as QR codes carry it) in lower case, its canonical form (BIP-173), so one address has
 * one spelling in the address book. Base58 addresses are case-sensitive and stay as entered.
 * Meant for addresses `checkWithdrawalAddress` accepted; anything else comes back trimmed.
 */
export function normalizeWithdrawalAddress(network: WithdrawalNetworkId, address: string): string {
  const value = address.trim();
  const type = withdrawalNetworkById(network)?.addressType;
  if (type === 'evm' && EVM_HEX.test(value)) return getAddress(value);
  if (type === 'btc-segwit' && /^BC1[0-9A-Z]+$/.test(value)) return value.toLowerCase();
  return value;
}
