// Deploys the contracts to a throw-away anvil and checks the on-chain result with viem.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseUnits, type Address, type PublicClient } from 'viem';
import {
  ALLIANCE_NFT_TEST_HOLDER,
  ANVIL_ACCOUNTS,
  BCNT_TEST_ACCOUNT_FUNDING,
  STABLECOIN_TEST_ACCOUNT_FUNDING,
  LOCAL_CHAIN_ID,
  TREASURY,
} from '../../src/shared/constants/chain';
import { getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { CONTRACTS, readArtifact } from '../../scripts/codegen';
import { deployAll, deployOrLoadState, type Deployment } from '../../scripts/deploy';
import * as generated from '../../src/shared/contracts/generated';
import { forgeBuild } from '../../scripts/forge';
import { bcntAbi as generatedBcntAbi, bcntAddress } from '../../src/shared/contracts/generated';

describe('deployAll on a fresh anvil', () => {
  let anvil: AnvilHandle;
  let client: PublicClient;
  let deployment: Deployment;
  let bcntAbi: ReturnType<typeof readArtifact>['abi'];

  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({
      address: deployment.addresses.bcnt,
      abi: bcntAbi,
      functionName,
      args,
    }) as Promise<T>;

  beforeAll(async () => {
    await forgeBuild({ quiet: true }); // incremental: ~1 s when the artifacts are up to date
    bcntAbi = readArtifact('bcnt').abi;
    anvil = await startAnvil({ port: await getFreePort(), quiet: true });
    client = createPublicClient({ transport: http(anvil.rpcUrl) });
    deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeGenerated: false });
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it('deploys BCNT from account 0 at the deterministic first-nonce address', async () => {
    expect(deployment.chainId).toBe(LOCAL_CHAIN_ID);
    // CREATE address of (account 0, nonce 0): stable, so generated.ts can be committed.
    expect(deployment.addresses.bcnt).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    const code = await client.getCode({ address: deployment.addresses.bcnt });
    expect(code?.length ?? 0).toBeGreaterThan(2);
  });

  it('matches the committed src/shared/contracts/generated.ts (address and ABI)', () => {
    expect(bcntAddress[LOCAL_CHAIN_ID]).toBe(deployment.addresses.bcnt);
    expect(generatedBcntAbi).toEqual(bcntAbi);
  });

  it('has the token metadata and 18 decimals', async () => {
    expect(await read<string>('name')).toBe('Bincentive Token');
    expect(await read<string>('symbol')).toBe('BCNT');
    expect(await read<number>('decimals')).toBe(18);
  });

  it('mints 1,000,000,000 BCNT (1e27 wei) in total', async () => {
    expect(await read<bigint>('totalSupply')).toBe(10n ** 27n);
  });

  it('funds accounts 1..9 with 1,000,000 BCNT each and leaves the rest with the treasury', async () => {
    const funding = parseUnits('1000000', 18);
    expect(BCNT_TEST_ACCOUNT_FUNDING).toBe(funding);

    const recipients = ANVIL_ACCOUNTS.slice(1) as readonly Address[];
    const balances = await Promise.all(recipients.map((a) => read<bigint>('balanceOf', [a])));
    expect(balances).toEqual(recipients.map(() => funding));
    expect(await read<bigint>('balanceOf', [ANVIL_ACCOUNTS[1]])).toBe(parseUnits('1000000', 18));

    const treasuryBalance = await read<bigint>('balanceOf', [TREASURY]);
    expect(treasuryBalance).toBe(10n ** 27n - 9n * funding);
  });

  it('leaves the test accounts their ETH for gas', async () => {
    const balance = await client.getBalance({ address: ANVIL_ACCOUNTS[9] });
    expect(balance).toBe(parseUnits('10000', 18));
  });

  it("records every contract in generated.ts at the fresh deploy's addresses with the current ABIs", () => {
    for (const { id } of CONTRACTS) {
      const exports = generated as Record<string, unknown>;
      expect(exports[`${id}Address`], id).toEqual({ [LOCAL_CHAIN_ID]: deployment.addresses[id] });
      expect(exports[`${id}Abi`], id).toEqual(readArtifact(id).abi);
    }
  });

  it('mints 100,000 USDT and USDC (6 decimals) to accounts 1..9', async () => {
    for (const id of ['testUsdt', 'testUsdc'] as const) {
      const abi = readArtifact(id).abi;
      const address = deployment.addresses[id];
      expect(await client.readContract({ address, abi, functionName: 'decimals' })).toBe(6);
      const balance = await client.readContract({
        address,
        abi,
        functionName: 'balanceOf',
        args: [ANVIL_ACCOUNTS[9]],
      });
      expect(balance, id).toBe(STABLECOIN_TEST_ACCOUNT_FUNDING);
      expect(STABLECOIN_TEST_ACCOUNT_FUNDING).toBe(parseUnits('100000', 6));
    }
  });

  it('mints Alliance NFT #1 to account 1 and wires staking to BCNT and the vault to BCNT and USDT', async () => {
    const nft = readArtifact('allianceNft').abi;
    const owner = await client.readContract({
      address: deployment.addresses.allianceNft,
      abi: nft,
      functionName: 'ownerOf',
      args: [1n],
    });
    expect(owner).toBe(ALLIANCE_NFT_TEST_HOLDER);
    const token = await client.readContract({
      address: deployment.addresses.loyaltyStaking,
      abi: readArtifact('loyaltyStaking').abi,
      functionName: 'token',
    });
    expect(token).toBe(deployment.addresses.bcnt);
    for (const allowed of [deployment.addresses.bcnt, deployment.addresses.testUsdt]) {
      const isAllowed = await client.readContract({
        address: deployment.addresses.marginVault,
        abi: readArtifact('marginVault').abi,
        functionName: 'allowedToken',
        args: [allowed],
      });
      expect(isAllowed).toBe(true);
    }
  });
});

describe('deployOrLoadState', () => {
  it('saves the deployed chain once, then loads it on a fresh anvil with the same contracts', async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'anvil-state-')), 'state.json');
    const first = await startAnvil({ port: await getFreePort(), quiet: true });
    try {
      const deployed = await deployOrLoadState(first.rpcUrl, stateFile);
      expect(deployed.loaded).toBe(false);
      expect(existsSync(stateFile)).toBe(true);
    } finally {
      await first.stop();
    }
    const second = await startAnvil({ port: await getFreePort(), quiet: true });
    try {
      const loaded = await deployOrLoadState(second.rpcUrl, stateFile);
      expect(loaded.loaded).toBe(true);
      const client = createPublicClient({ transport: http(second.rpcUrl) });
      const code = await client.getCode({ address: loaded.addresses.loyaltyStaking });
      expect(code?.length ?? 0).toBeGreaterThan(2);
    } finally {
      await second.stop();
    }
  });
});
