/**
 * Chain ids and the local development chain (anvil). Isomorphic: used by the browser, the
 * server and the scripts. Only public addresses live here; the test mnemonic/private keys are
 * in `scripts/anvil.ts` and never reach browser code.
 */

/** Local anvil chain (dev, tests). */
export const LOCAL_CHAIN_ID = 31337;
/** Ethereum mainnet (read-only in the app, when an RPC URL is configured). */
export const MAINNET_CHAIN_ID = 1;

/** Default local RPC (anvil on 127.0.0.1:8545); the browser reads the real one from config. */
export const LOCAL_RPC_URL = 'http://127.0.0.1:8545';

/**
 * The 10 well-known anvil dev accounts (mnemonic "test test ... junk", m/44'/60'/0'/0/i),
 * each with 10,000 ETH on a fresh anvil. The deploy script funds 1..9 with BCNT.
 */
export const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const satisfies readonly `0x${string}`[];

/** Anvil account 0: deploys the contracts and receives the whole BCNT supply. */
export const TREASURY = ANVIL_ACCOUNTS[0];

/** BCNT has 18 decimals and a fixed supply of 1,000,000,000 tokens (in wei units). */
export const BCNT_DECIMALS = 18;
export const BCNT_TOTAL_SUPPLY = 1_000_000_000n * 10n ** 18n;
/** BCNT the local deploy sends to each of anvil accounts 1..9. */
export const BCNT_TEST_ACCOUNT_FUNDING = 1_000_000n * 10n ** 18n;

/** The test stablecoins (USDT, USDC) have 6 decimals, like the mainnet tokens. */
export const STABLECOIN_DECIMALS = 6;
/** USDT and USDC the local deploy mints to each of anvil accounts 1..9. */
export const STABLECOIN_TEST_ACCOUNT_FUNDING = 100_000n * 10n ** 6n;
/** The anvil account the local deploy mints an Alliance NFT to (token id 1). */
export const ALLIANCE_NFT_TEST_HOLDER = ANVIL_ACCOUNTS[1];
