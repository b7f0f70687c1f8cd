import { bytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { WithdrawalNetworkId } from '../constants/networks';
import {
  AddressMessage,
  MAX_SAVED_ADDRESSES,
  checkWithdrawalAddress,
  decodeBase58Check,
  decodeBech32,
  decodeSegwitAddress,
  normalizeWithdrawalAddress,
} from './address';

const INVALID = 'Recipient address is invalid.';
const FORMAT = 'The address format is incorrect.';

// Well-known mainnet addresses.
const BTC_GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'; // P2PKH, block 0 coinbase
const BTC_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'; // P2SH example of the Bitcoin wiki
const BTC_P2WPKH = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'; // v0, 20-byte program
const BTC_P2WSH = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'; // BIP-173, v0 32 bytes
const BTC_TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'; // BIP-350, v1
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // USDT (TRC20) contract
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'; // USDT (ERC20) contract

/** Swaps the character at `index` for `char`. */
const replaceAt = (value: string, index: number, char: string) =>
  value.slice(0, index) + char + value.slice(index + 1);

describe('Bech32 and Bech32m strings (BIP-173, BIP-350 test vectors)', () => {
  const validBech32 = [
    'A12UEL5L',
    'a12uel5l',
    'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    `11${'q'.repeat(82)}c8247j`, // 90 characters
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    '?1ezyfcl',
  ];
  const validBech32m = [
    'A1LQFN3A',
    'a1lqfn3a',
    'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
    'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
    '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
    'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
    '?1v759aa',
  ];

  it('decodes the valid Bech32 vectors as Bech32, never as Bech32m', () => {
    for (const value of validBech32) {
      expect(decodeBech32(value)?.encoding, value).toBe('bech32');
    }
  });

  it('decodes the valid Bech32m vectors as Bech32m, never as Bech32', () => {
    for (const value of validBech32m) {
      expect(decodeBech32(value)?.encoding, value).toBe('bech32m');
    }
  });

  it('splits the HRP at the last 1 and drops the checksum', () => {
    expect(decodeBech32('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')).toEqual({
      hrp: 'abcdef',
      words: Array.from({ length: 32 }, (_, i) => i),
      encoding: 'bech32',
    });
    expect(decodeBech32('A12UEL5L')).toEqual({ hrp: 'a', words: [], encoding: 'bech32' });
  });

  it('refuses the invalid Bech32 vectors of BIP-173', () => {
    const invalid = [
      '\x201nwldj5', // HRP character out of range
      '\x7f1axkwrx',
      '\x801eym55h',
      'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx', // too long
      'pzry9x0s0muk', // no separator
      '1pzry9x0s0muk', // empty HRP
      'x1b4n0q5v', // invalid data character
      'li1dgmt3', // too short checksum
      'de1lg7wt\xff', // invalid character in checksum
      'A1G7SGD8', // checksum calculated with upper-case HRP
      '10a06t8', // empty HRP
      '1qzzfhee', // empty HRP
    ];
    for (const value of invalid) {
      expect(decodeBech32(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('refuses the invalid Bech32m vectors of BIP-350', () => {
    const invalid = [
      '\x201xj0phk',
      '\x7f1g6xzxy',
      '\x801vctc34',
      'an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4',
      'qyrz8wqd2c9m',
      '1qyrz8wqd2c9m',
      'y1b0jsk6g',
      'lt1igcx5c0',
      'in1muywd',
      'mm1crxm3i',
      'au1s5cgom',
      'M1VUXWEZ',
      '16plkw9',
      '1p2gdwpf',
    ];
    for (const value of invalid) {
      expect(decodeBech32(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('refuses mixed case and a single changed character', () => {
    expect(decodeBech32('A12uEL5L')).toBeNull();
    expect(decodeBech32('a12uel5m')).toBeNull();
    expect(decodeBech32('a1lqfn3q')).toBeNull();
  });
});

describe('native SegWit addresses (BIP-350 test vectors)', () => {
  /** scriptPubKey of a witness output: OP_n, push of the program. */
  const scriptPubKey = (hrp: string, address: string) => {
    const decoded = decodeSegwitAddress(hrp, address);
    if (!decoded) return null;
    const op = decoded.version === 0 ? 0 : 0x50 + decoded.version;
    return bytesToHex(Uint8Array.from([op, decoded.program.length, ...decoded.program]));
  };

  it('decodes the valid addresses to their scriptPubKey', () => {
    const valid: [string, string, string][] = [
      [
        'bc',
        'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
        '0014751e76e8199196d454941c45d1b3a323f1433bd6',
      ],
      [
        'tb',
        'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
        '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
      ],
      [
        'bc',
        'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
        '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
      ],
      ['bc', 'BC1SW50QGDZ25J', '6002751e'],
      ['bc', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323'],
      [
        'tb',
        'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
        '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
      ],
      [
        'tb',
        'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
        '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
      ],
      ['bc', BTC_TAPROOT, '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
    ];
    for (const [hrp, address, script] of valid) {
      expect(scriptPubKey(hrp, address), address).toBe(`0x${script}`);
    }
  });

  it('refuses the invalid addresses of BIP-350 (and those of BIP-173)', () => {
    const invalid = [
      'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // invalid HRP
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // Bech32 for v1
      'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', // Bech32 for v2
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', // Bech32 for v16
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // Bech32m for v0
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', // Bech32m for v0
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // bad checksum character
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // witness version 17
      'bc1pw5dgrnzv', // 1-byte program
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41 bytes
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // v0 with 16 bytes
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', // mixed case
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // >4 bits of padding
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', // non-zero padding
      'bc1gmk9yu', // empty data
      // BIP-173's list
      'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
      'bc1rw5uspcuh',
      'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
      // BIP-173's v1+ examples carry Bech32 checksums, invalid since BIP-350
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'BC1SW50QA3JX3S',
      'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
    ];
    for (const address of invalid) {
      expect(decodeSegwitAddress('bc', address), address).toBeNull();
      expect(decodeSegwitAddress('tb', address), address).toBeNull();
    }
  });

  it('takes only the HRP asked for', () => {
    expect(decodeSegwitAddress('tb', BTC_P2WPKH)).toBeNull();
    expect(decodeSegwitAddress('bc', BTC_P2WPKH)?.version).toBe(0);
  });
});

describe('Base58Check', () => {
  it("decodes the genesis address to version 0 and Satoshi's key hash", () => {
    const payload = decodeBase58Check(BTC_GENESIS);
    expect(payload && bytesToHex(payload)).toBe('0x0062e907b15cbf27d5425399ebf6f0fb50ebb88f18');
  });

  it('decodes TRON addresses with version byte 0x41', () => {
    expect(decodeBase58Check(TRON_USDT)?.[0]).toBe(0x41);
    expect(decodeBase58Check(TRON_USDT)).toHaveLength(21);
  });

  it('refuses a changed character, a character outside Base58 and too short an input', () => {
    expect(decodeBase58Check(replaceAt(BTC_GENESIS, 33, 'b'))).toBeNull();
    expect(decodeBase58Check(replaceAt(BTC_GENESIS, 5, '0'))).toBeNull();
    expect(decodeBase58Check('1111')).toBeNull();
  });
});

describe('checkWithdrawalAddress: Bitcoin', () => {
  it('accepts each address type on its own network', () => {
    expect(checkWithdrawalAddress('BTC_LEGACY', BTC_GENESIS)).toBeNull();
    expect(checkWithdrawalAddress('BTC_NESTED_SEGWIT', BTC_P2SH)).toBeNull();
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', BTC_P2WPKH)).toBeNull();
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', BTC_P2WSH)).toBeNull();
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', BTC_TAPROOT)).toBeNull();
    expect(
      checkWithdrawalAddress('BTC_NATIVE_SEGWIT', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'),
    ).toBeNull();
  });

  it('refuses an address type that does not match the BTC network chosen', () => {
    const byNetwork: Record<string, string[]> = {
      BTC_LEGACY: [BTC_P2SH, BTC_P2WPKH, BTC_P2WSH, BTC_TAPROOT],
      BTC_NESTED_SEGWIT: [BTC_GENESIS, BTC_P2WPKH, BTC_P2WSH, BTC_TAPROOT],
      BTC_NATIVE_SEGWIT: [BTC_GENESIS, BTC_P2SH],
    };
    for (const [network, addresses] of Object.entries(byNetwork)) {
      for (const address of addresses) {
        expect(
          checkWithdrawalAddress(network as WithdrawalNetworkId, address),
          `${address} on ${network}`,
        ).toBe(INVALID);
      }
    }
  });

  it('refuses a Base58Check address with one character changed', () => {
    expect(checkWithdrawalAddress('BTC_LEGACY', replaceAt(BTC_GENESIS, 33, 'b'))).toBe(INVALID);
    expect(checkWithdrawalAddress('BTC_LEGACY', replaceAt(BTC_GENESIS, 10, 'Q'))).toBe(INVALID);
    expect(checkWithdrawalAddress('BTC_NESTED_SEGWIT', replaceAt(BTC_P2SH, 33, 'z'))).toBe(INVALID);
  });

  it('refuses a bc1 address with one character changed or with a Bech32/Bech32m mix-up', () => {
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', replaceAt(BTC_P2WPKH, 4, 'z'))).toBe(
      INVALID,
    );
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', replaceAt(BTC_P2WSH, 20, 'q'))).toBe(
      INVALID,
    );
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', replaceAt(BTC_TAPROOT, 61, '2'))).toBe(
      INVALID,
    );
    // BIP-350: v1 with a Bech32 checksum, v0 with a Bech32m checksum
    expect(
      checkWithdrawalAddress(
        'BTC_NATIVE_SEGWIT',
        'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      ),
    ).toBe(INVALID);
    expect(
      checkWithdrawalAddress('BTC_NATIVE_SEGWIT', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'),
    ).toBe(INVALID);
  });

  it('refuses upper and lower case mixed in a bc1 address', () => {
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', BTC_P2WPKH.toUpperCase())).toBeNull();
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', replaceAt(BTC_P2WPKH, 5, 'R'))).toBe(
      INVALID,
    );
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', `BC1${BTC_P2WPKH.slice(3)}`)).toBe(INVALID);
  });

  it('refuses witness versions other than v0 and v1 taproot, though valid to BIP-350', () => {
    const v2 = 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'; // BIP-350 valid, v2 16 bytes
    expect(decodeSegwitAddress('bc', v2)?.version).toBe(2);
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', v2)).toBe(INVALID);
    // v1 with a 20-byte program (Bech32m-valid, not taproot)
    const v1Short = 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kj9wkru';
    expect(decodeSegwitAddress('bc', v1Short)?.program).toHaveLength(20);
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', v1Short)).toBe(INVALID);
  });

  it('refuses version bytes and lengths other than P2PKH 0x00 / P2SH 0x05 with 20 bytes', () => {
    // Base58Check of version 0x06 + 20 bytes: starts with 3, checksum right, not P2SH
    const version6 = '3bhtTogLd9e23v2WNJ7Ejc3hu8zDKLQfRe';
    expect(decodeBase58Check(version6)?.[0]).toBe(6);
    expect(checkWithdrawalAddress('BTC_NESTED_SEGWIT', version6)).toBe(INVALID);
    // Base58Check of version 0x00 + 21 bytes: starts with 1, checksum right, too long a hash
    const longHash = '1p8KevEo5z2dqhHVZQ6v6D6s8PRnAtbespV';
    expect(decodeBase58Check(longHash)).toHaveLength(22);
    expect(checkWithdrawalAddress('BTC_LEGACY', longHash)).toBe(INVALID);
  });

  it('refuses burn addresses (all-zero hash or program)', () => {
    expect(decodeBase58Check('1111111111111111111114oLvT2')).not.toBeNull();
    expect(checkWithdrawalAddress('BTC_LEGACY', '1111111111111111111114oLvT2')).toBe(INVALID);
    const zeroProgram = 'bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9e75rs';
    expect(decodeSegwitAddress('bc', zeroProgram)?.program).toEqual(new Uint8Array(20));
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', zeroProgram)).toBe(INVALID);
  });

  it('calls testnet addresses a format error: mainnet only', () => {
    const testnet = [
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // P2WPKH
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', // taproot
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', // P2PKH (m)
      'n3GNqMveyvaPvUbH469vDRadqpJMPc84JA', // P2PKH (n)
      '2N3oefVeg6stiTb5Kh3ozCSkaqmx91FDbsm', // P2SH (2)
    ];
    // real testnet addresses: Bech32 with HRP tb, Base58Check versions 0x6f and 0xc4
    expect(decodeSegwitAddress('tb', testnet[0]!)?.version).toBe(0);
    expect(decodeSegwitAddress('tb', testnet[1]!)?.version).toBe(1);
    expect(testnet.slice(2).map((address) => decodeBase58Check(address)?.[0])).toEqual([
      0x6f, 0x6f, 0xc4,
    ]);
    for (const network of ['BTC_LEGACY', 'BTC_NESTED_SEGWIT', 'BTC_NATIVE_SEGWIT'] as const) {
      for (const address of testnet) {
        expect(checkWithdrawalAddress(network, address), `${address} on ${network}`).toBe(FORMAT);
      }
    }
  });

  it('applies the spec shape: bc1, 1 or 3 then 25 to 39 letters or digits (59 for bc1)', () => {
    const shaped = (prefix: string, length: number) => prefix + 'a'.repeat(length);
    for (const network of ['BTC_LEGACY', 'BTC_NESTED_SEGWIT', 'BTC_NATIVE_SEGWIT'] as const) {
      // right shape, not an address: invalid
      for (const value of [
        shaped('1', 25),
        shaped('3', 39),
        shaped('bc1', 39),
        shaped('bc1', 59),
      ]) {
        expect(checkWithdrawalAddress(network, value), value).toBe(INVALID);
      }
      // wrong shape: format
      for (const value of [
        shaped('1', 24),
        shaped('3', 40),
        shaped('bc1', 24),
        shaped('bc1', 40),
        shaped('bc1', 58),
        shaped('bc1', 60),
        shaped('2', 30),
        shaped('bc', 40),
        `${BTC_GENESIS.slice(0, 10)}-${BTC_GENESIS.slice(11)}`,
        '',
      ]) {
        expect(checkWithdrawalAddress(network, value), value).toBe(FORMAT);
      }
    }
  });

  it('calls an Ethereum or TRON address on a BTC network a format error', () => {
    expect(checkWithdrawalAddress('BTC_LEGACY', ETH_USDT)).toBe(FORMAT);
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', TRON_USDT)).toBe(FORMAT);
  });
});

describe('checkWithdrawalAddress: ERC20 and Ethereum (EIP-55)', () => {
  // The test vectors of EIP-55: all caps, all lower, normal.
  const eip55 = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  /** The same address with the case of its first hex letter flipped: a broken checksum. */
  const flipFirstLetter = (address: string) => {
    const index = address.slice(2).search(/[a-fA-F]/) + 2;
    const char = address[index]!;
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    return replaceAt(address, index, flipped);
  };

  it('accepts the EIP-55 vectors on ERC20 and ETH', () => {
    for (const address of [...eip55, ETH_USDT]) {
      expect(checkWithdrawalAddress('ERC20', address), address).toBeNull();
      expect(checkWithdrawalAddress('ETH', address), address).toBeNull();
    }
  });

  it('refuses a mixed-case address whose checksum is wrong', () => {
    for (const address of [...eip55, ETH_USDT]) {
      const broken = flipFirstLetter(address);
      expect(checkWithdrawalAddress('ERC20', broken), broken).toBe(INVALID);
      expect(checkWithdrawalAddress('ETH', broken), broken).toBe(INVALID);
    }
  });

  it('accepts all-lower and all-upper addresses, which carry no checksum', () => {
    const hex = ETH_USDT.slice(2);
    expect(checkWithdrawalAddress('ERC20', `0x${hex.toLowerCase()}`)).toBeNull();
    expect(checkWithdrawalAddress('ERC20', `0x${hex.toUpperCase()}`)).toBeNull();
    expect(checkWithdrawalAddress('ETH', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBeNull();
  });

  it('calls 0x plus 40 letters or digits that are not hex, or the zero address, invalid', () => {
    expect(checkWithdrawalAddress('ERC20', replaceAt(ETH_USDT, 5, 'g'))).toBe(INVALID);
    expect(checkWithdrawalAddress('ERC20', `0x${'0'.repeat(40)}`)).toBe(INVALID);
  });

  it('calls anything that is not 0x plus 40 letters or digits a format error', () => {
    const wrong = [
      ETH_USDT.slice(0, -1), // 39
      `${ETH_USDT}0`, // 41
      ETH_USDT.slice(2), // no prefix
      `0X${ETH_USDT.slice(2)}`, // upper-case prefix
      replaceAt(ETH_USDT, 5, '-'),
      TRON_USDT,
      BTC_GENESIS,
      BTC_P2WPKH,
      '',
    ];
    for (const value of wrong) {
      expect(checkWithdrawalAddress('ERC20', value), value).toBe(FORMAT);
      expect(checkWithdrawalAddress('ETH', value), value).toBe(FORMAT);
    }
  });
});

describe('checkWithdrawalAddress: TRC20 (Base58Check, version 0x41)', () => {
  it('accepts the USDT contract address', () => {
    expect(checkWithdrawalAddress('TRC20', TRON_USDT)).toBeNull();
  });

  it('refuses a copy with one character changed (failed checksum)', () => {
    const changed = replaceAt(TRON_USDT, 33, 'u');
    expect(changed).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    expect(checkWithdrawalAddress('TRC20', changed)).toBe(INVALID);
    expect(checkWithdrawalAddress('TRC20', replaceAt(TRON_USDT, 1, 'S'))).toBe(INVALID);
  });

  it('refuses characters outside Base58 (0, O, I, l) in the right shape', () => {
    for (const char of ['0', 'O', 'I', 'l']) {
      expect(checkWithdrawalAddress('TRC20', replaceAt(TRON_USDT, 10, char)), char).toBe(INVALID);
    }
  });

  it('refuses a right checksum with another version byte, and the burn address', () => {
    // Base58Check of version 0x42 + 20 bytes: starts with T, checksum right
    const version42 = 'Tjz5YKZdDySb7vPhqU6Mq8NufQSowbLGS9';
    expect(decodeBase58Check(version42)?.[0]).toBe(0x42);
    expect(checkWithdrawalAddress('TRC20', version42)).toBe(INVALID);
    // TRON's well-known black-hole address: 0x41 + 20 zero bytes
    const blackHole = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
    expect(decodeBase58Check(blackHole)?.[0]).toBe(0x41);
    expect(checkWithdrawalAddress('TRC20', blackHole)).toBe(INVALID);
  });

  it('calls anything that is not T plus 33 letters or digits a format error', () => {
    const wrong = [
      TRON_USDT.slice(0, -1),
      `${TRON_USDT}a`,
      `t${TRON_USDT.slice(1)}`,
      `A${TRON_USDT.slice(1)}`,
      replaceAt(TRON_USDT, 10, '_'),
      ETH_USDT,
      BTC_GENESIS,
      '',
    ];
    for (const value of wrong) {
      expect(checkWithdrawalAddress('TRC20', value), value).toBe(FORMAT);
    }
  });
});

describe('checkWithdrawalAddress: input handling', () => {
  it('trims the input before checking', () => {
    expect(checkWithdrawalAddress('TRC20', `  ${TRON_USDT}\n`)).toBeNull();
    expect(checkWithdrawalAddress('ERC20', `\t${ETH_USDT} `)).toBeNull();
    expect(checkWithdrawalAddress('BTC_NATIVE_SEGWIT', ` ${BTC_TAPROOT} `)).toBeNull();
  });

  it('calls empty input and inner spaces a format error', () => {
    expect(checkWithdrawalAddress('ERC20', '   ')).toBe(FORMAT);
    expect(checkWithdrawalAddress('TRC20', `${TRON_USDT.slice(0, 5)} ${TRON_USDT.slice(6)}`)).toBe(
      FORMAT,
    );
  });

  it('calls a network id outside the list invalid', () => {
    expect(checkWithdrawalAddress('BEP20' as WithdrawalNetworkId, ETH_USDT)).toBe(INVALID);
  });

  it("returns exactly the spec's two messages", () => {
    expect(AddressMessage).toEqual({ invalid: INVALID, format: FORMAT });
  });
});

describe('normalizeWithdrawalAddress', () => {
  it('checksums EVM addresses (EIP-55) and trims', () => {
    expect(normalizeWithdrawalAddress('ERC20', ` ${ETH_USDT.toLowerCase()} `)).toBe(ETH_USDT);
    expect(normalizeWithdrawalAddress('ETH', `0x${ETH_USDT.slice(2).toUpperCase()}`)).toBe(
      ETH_USDT,
    );
  });

  it('keeps Base58 addresses as entered, trimmed', () => {
    expect(normalizeWithdrawalAddress('TRC20', ` ${TRON_USDT} `)).toBe(TRON_USDT);
    expect(normalizeWithdrawalAddress('BTC_LEGACY', BTC_GENESIS)).toBe(BTC_GENESIS);
    expect(normalizeWithdrawalAddress('BTC_NESTED_SEGWIT', BTC_P2SH)).toBe(BTC_P2SH);
  });

  it('writes an upper-case bc1 address in lower case, its canonical form', () => {
    expect(normalizeWithdrawalAddress('BTC_NATIVE_SEGWIT', BTC_P2WPKH.toUpperCase())).toBe(
      BTC_P2WPKH,
    );
    expect(normalizeWithdrawalAddress('BTC_NATIVE_SEGWIT', BTC_TAPROOT)).toBe(BTC_TAPROOT);
  });

  it('returns anything it cannot normalise trimmed and otherwise unchanged', () => {
    expect(normalizeWithdrawalAddress('ERC20', ' 0x12 ')).toBe('0x12');
    expect(normalizeWithdrawalAddress('BTC_LEGACY', 'BC1QAR0SRRR7')).toBe('BC1QAR0SRRR7');
  });
});

describe('saved address book', () => {
  it('holds at most 10 addresses (spec section 5)', () => {
    expect(MAX_SAVED_ADDRESSES).toBe(10);
  });
});
