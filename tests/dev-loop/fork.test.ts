// `npm run dev` with FORK_URL, offline: a second local anvil plays "mainnet" (chain id 1, its
// BCNT and a USDT with its own storage layout deployed by another account at other addresses),
// and the dev chain forks it through the same code `npm run dev` runs (startDevChain).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import solc from 'solc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { readArtifact } from '../../scripts/codegen';
import { forkSettingsFromEnv, startDevChain, type DevChain } from '../../scripts/dev';
import { forgeBuild } from '../../scripts/forge';
import { findBalanceSlot, runFaucet } from '../../src/server/routes/dev/dev-chain';
import { ANVIL_ACCOUNTS } from '../../src/shared/constants/chain';
import {
  bcntAddress,
  loyaltyStakingAbi,
  marginVaultAbi,
} from '../../src/shared/contracts/generated';

/**
 * A USDT like mainnet's in the one way that matters here: its balances are not at slot 0 (five
 * words come first), so a hard-coded slot would miss them.
 */
const FORKED_USDT_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract ForkedUSDT {
  address public owner;
  string public name = "Tether USD";
  string public symbol = "USDT";
  uint256 public totalSupply;
  uint256 private paused;
  mapping(address => uint256) private balances;
  uint8 public constant decimals = 6;
  constructor(uint256 supply) { owner = msg.sender; totalSupply = supply; balances[msg.sender] = supply; }
  function balanceOf(address who) external view returns (uint256) { return balances[who]; }
  function transfer(address to, uint256 value) external returns (bool) {
    balances[msg.sender] -= value; balances[to] += value; return true;
  }
}`;

function compileForkedUsdt(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'ForkedUSDT.sol': { content: FORKED_USDT_SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
    errors?: { severity: string; formattedMessage: string }[];
  };
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? [];
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['ForkedUSDT.sol']!.ForkedUSDT!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

const BCNT = 10n ** 18n;
const USDT = 10n ** 6n;

describe('npm run dev with FORK_URL (offline: a local anvil plays mainnet)', () => {
  let mainnet: AnvilHandle;
  let chain: DevChain | undefined;
  let mainnetBcnt: Address;
  let mainnetUsdt: Address;
  let forkBlock: number;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-fork-'));
  let forkPort: number;

  const balance = (rpcUrl: string, token: Address, holder: Address) =>
    createPublicClient({ transport: http(rpcUrl) }).readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    });

  beforeAll(async () => {
    await forgeBuild({ quiet: true });
    mainnet = await startAnvil({ port: await getFreePort(), chainId: 1, quiet: true });
    const publicClient = createPublicClient({ transport: http(mainnet.rpcUrl), cacheTime: 0 });
    // deployed by account 5 after three unrelated transactions: other addresses than a dev chain's
    const deployer = anvilAccount(5);
    const wallet = createWalletClient({
      account: deployer,
      chain: {
        id: 1,
        name: 'mainnet-like',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [mainnet.rpcUrl] } },
      },
      transport: http(mainnet.rpcUrl),
    });
    for (let i = 0; i < 3; i += 1)
      await publicClient.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ to: deployer.address, value: 1n }),
      });
    const bcnt = readArtifact('bcnt');
    const bcntHash = await wallet.deployContract({
      abi: bcnt.abi,
      bytecode: bcnt.bytecode,
      args: [deployer.address],
    });
    const usdt = compileForkedUsdt();
    const usdtHash = await wallet.deployContract({
      abi: usdt.abi,
      bytecode: usdt.bytecode,
      args: [50_000_000n * USDT],
    });
    mainnetBcnt = getAddress(
      (await publicClient.waitForTransactionReceipt({ hash: bcntHash })).contractAddress!,
    );
    mainnetUsdt = getAddress(
      (await publicClient.waitForTransactionReceipt({ hash: usdtHash })).contractAddress!,
    );
    forkBlock = Number(await publicClient.getBlockNumber());
    forkPort = await getFreePort();
  }, 120_000);

  afterAll(async () => {
    await chain?.anvil.stop();
    await mainnet?.stop();
  });

  it('reads FORK_URL, FORK_BLOCK, CHAIN_ID, BCNT_ADDRESS, USDT_ADDRESS and refuses bad values', () => {
    expect(forkSettingsFromEnv({})).toBeUndefined();
    expect(
      forkSettingsFromEnv({
        FORK_URL: 'http://127.0.0.1:1',
        FORK_BLOCK: '17',
        CHAIN_ID: '4242',
        BCNT_ADDRESS: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      }),
    ).toEqual({
      url: 'http://127.0.0.1:1',
      block: 17,
      chainId: 4242,
      bcnt: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      usdt: undefined,
    });
    expect(() => forkSettingsFromEnv({ FORK_URL: 'http://x', FORK_BLOCK: 'latest' })).toThrow(
      /FORK_BLOCK: expected a whole number/,
    );
    expect(() => forkSettingsFromEnv({ FORK_URL: 'http://x', USDT_ADDRESS: '0x12' })).toThrow(
      /USDT_ADDRESS: expected a 0x address/,
    );
    expect(() => forkSettingsFromEnv({ BCNT_ADDRESS: mainnetBcnt ?? '0x' })).toThrow(
      /BCNT_ADDRESS needs FORK_URL/,
    );
  });

  it('forks the chain at its block, keeps its chain id, uses its BCNT and USDT and funds the test accounts by their balance slots', async () => {
    const lines: string[] = [];
    chain = await startDevChain({
      port: forkPort,
      dataDir,
      fork: { url: mainnet.rpcUrl, bcnt: mainnetBcnt, usdt: mainnetUsdt },
      writeGenerated: false,
      log: (line) => lines.push(line),
    });
    const rpcUrl = chain.anvil.rpcUrl;
    expect(chain.chainId).toBe(1);
    expect(await createPublicClient({ transport: http(rpcUrl) }).getChainId()).toBe(1);
    expect(chain.fork).toEqual({ url: mainnet.rpcUrl, block: forkBlock, sourceChainId: 1 });
    expect(chain.indexerFromBlock).toBe(forkBlock + 1);
    expect(chain.deployed).toBe(true);

    // the forked chain's tokens, not test ones; the platform's contracts beside them
    expect(chain.addresses.bcnt).toBe(mainnetBcnt);
    expect(chain.addresses.testUsdt).toBe(mainnetUsdt);
    expect(mainnetBcnt).not.toBe(bcntAddress[31337]);
    const client = createPublicClient({ transport: http(rpcUrl) });
    expect(
      await client.readContract({
        address: chain.addresses.loyaltyStaking,
        abi: loyaltyStakingAbi,
        functionName: 'token',
      }),
    ).toBe(mainnetBcnt);
    expect(
      await client.readContract({
        address: chain.addresses.marginVault,
        abi: marginVaultAbi,
        functionName: 'allowedToken',
        args: [mainnetUsdt],
      }),
    ).toBe(true);
    // deployed by account 0 from its nonce on the fork
    expect(chain.addresses.loyaltyStaking).toBe(
      getContractAddress({ from: ANVIL_ACCOUNTS[0], nonce: 1n }),
    );

    // the test accounts hold the dev amounts of the existing tokens (balance slots written)
    // (added to what they hold there: account 5 deployed both and holds their supply)
    for (const account of ANVIL_ACCOUNTS.slice(1)) {
      const [bcntThere, usdtThere] = await Promise.all([
        balance(mainnet.rpcUrl, mainnetBcnt, account),
        balance(mainnet.rpcUrl, mainnetUsdt, account),
      ]);
      expect(await balance(rpcUrl, mainnetBcnt, account)).toBe(bcntThere + 1_000_000n * BCNT);
      expect(await balance(rpcUrl, mainnetUsdt, account)).toBe(usdtThere + 100_000n * USDT);
    }
    expect(await balance(rpcUrl, mainnetUsdt, ANVIL_ACCOUNTS[0])).toBe(1_100_000n * USDT);
    // the slot was found, not assumed: ForkedUSDT keeps balances at slot 5, BCNT at slot 0
    const usdtSlot = await findBalanceSlot(rpcUrl, mainnetUsdt, ANVIL_ACCOUNTS[1]);
    expect(usdtSlot).toEqual({
      contract: mainnetUsdt,
      key: keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [ANVIL_ACCOUNTS[1], 5n]),
      ),
    });
    // the real chain is untouched
    expect(await balance(mainnet.rpcUrl, mainnetUsdt, ANVIL_ACCOUNTS[1])).toBe(0n);
    expect(await balance(mainnet.rpcUrl, mainnetBcnt, ANVIL_ACCOUNTS[1])).toBe(0n);
    expect(lines.join('\n')).toMatch(/Forking .* \(chain 1\) at block \d+ as chain 1/);
  }, 60_000);

  it('the faucet on the fork: from the treasury while it holds enough, else by the balance slot', async () => {
    const rpcUrl = chain!.anvil.rpcUrl;
    const target = '0x00000000000000000000000000000000000f0f0f' as Address;
    const fork = {
      rpcUrl,
      chainId: 1,
      tokens: { bcnt: mainnetBcnt, usdt: mainnetUsdt },
    };
    const small = await runFaucet(fork, { address: target, usdt: '5' });
    expect(small.grants[0]).toMatchObject({ asset: 'usdt', method: 'treasury', balance: '5' });
    const large = await runFaucet(fork, { address: target, usdt: '2000000', bcnt: '1' });
    expect(large.grants).toEqual([
      expect.objectContaining({ asset: 'bcnt', method: 'treasury', balance: '1' }),
      expect.objectContaining({ asset: 'usdt', method: 'storage', balance: '2000005' }),
    ]);
    expect(await balance(rpcUrl, mainnetUsdt, target)).toBe(parseUnits('2000005', 6));
  });

  it('a restart with the same settings keeps the fork and its state (no new deploy)', async () => {
    await chain!.anvil.stop();
    const lines: string[] = [];
    chain = await startDevChain({
      port: forkPort,
      dataDir,
      fork: { url: mainnet.rpcUrl, bcnt: mainnetBcnt, usdt: mainnetUsdt },
      writeGenerated: false,
      log: (line) => lines.push(line),
    });
    expect(chain.deployed).toBe(false);
    expect(chain.fork?.block).toBe(forkBlock);
    expect(lines.join('\n')).toMatch(/already deployed on the fork/);
    const target = '0x00000000000000000000000000000000000f0f0f' as Address;
    expect(await balance(chain.anvil.rpcUrl, mainnetUsdt, target)).toBe(parseUnits('2000005', 6));
  }, 60_000);

  it('CHAIN_ID names another chain id for the fork', async () => {
    const other = await startDevChain({
      port: await getFreePort(),
      dataDir: mkdtempSync(path.join(tmpdir(), 'dev-fork-id-')),
      fork: { url: mainnet.rpcUrl, chainId: 4242, block: forkBlock - 1 },
      writeGenerated: false,
      log: () => undefined,
    });
    try {
      expect(other.chainId).toBe(4242);
      expect(await createPublicClient({ transport: http(other.anvil.rpcUrl) }).getChainId()).toBe(
        4242,
      );
      expect(other.fork?.block).toBe(forkBlock - 1);
      // no BCNT_ADDRESS: a test BCNT is deployed and the accounts funded from the treasury
      expect(other.addresses.bcnt).not.toBe(mainnetBcnt);
      expect(await balance(other.anvil.rpcUrl, other.addresses.bcnt, ANVIL_ACCOUNTS[2])).toBe(
        1_000_000n * BCNT,
      );
    } finally {
      await other.anvil.stop();
    }
  }, 60_000);
});
