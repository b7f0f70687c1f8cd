// Deploys the contracts to a throw-away anvil and checks the on-chain result with viem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseUnits, type Address, type PublicClient } from 'viem';
import {
  ANVIL_ACCOUNTS,
  BCNT_TEST_ACCOUNT_FUNDING,
  LOCAL_CHAIN_ID,
  TREASURY,
} from '../../src/shared/constants/chain';
import { getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { readArtifact } from '../../scripts/codegen';
import { deployAll, type Deployment } from '../../scripts/deploy';
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
});
