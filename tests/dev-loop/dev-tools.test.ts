// The developer tools of the local chain on a real anvil: the faucet (route and CLI) and time
// travel (route and CLI through the running API) move what they say they move.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem';
import { getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState, type DeployedAddresses } from '../../scripts/deploy';
import { forgeBuild } from '../../scripts/forge';
import { LOCAL_CHAIN_ID, TREASURY } from '../../src/shared/constants/chain';
import { parseDuration } from '../../src/server/routes/dev/dev-chain';
import { startApi } from '../../src/server/start';
import { cli, cliBesideApi } from '../helpers/ops-cli';
import { migratedDataDir } from '../helpers/pglite-template';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

const STRANGER = '0x000000000000000000000000000000000000bEEF' as Address;

describe('dev tools on the local chain', () => {
  let anvil: AnvilHandle;
  let addresses: DeployedAddresses;
  let test: TestApp;
  const client = () => createPublicClient({ transport: http(anvil.rpcUrl) });
  const tokenBalance = (token: Address, holder: Address) =>
    client().readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    });
  const latestBlockTime = async () => Number((await client().getBlock()).timestamp);

  beforeAll(async () => {
    await forgeBuild({ quiet: true });
    anvil = await startAnvil({ port: await getFreePort(), quiet: true });
    ({ addresses } = await deployOrLoadState(anvil.rpcUrl));
    test = await createTestApp({ config: { rpcUrl: anvil.rpcUrl, chainId: LOCAL_CHAIN_ID } });
  }, 120_000);

  afterAll(async () => {
    await test?.close();
    await anvil?.stop();
  });

  it('reads durations the way the CLI takes them', () => {
    expect(parseDuration('14d')).toBe(14 * 86_400);
    expect(parseDuration('1h')).toBe(3600);
    expect(parseDuration('90m')).toBe(5400);
    expect(parseDuration('2w')).toBe(14 * 86_400);
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('1.5d')).toBeUndefined();
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('POST /dev/faucet gives ETH by setBalance and BCNT/USDT from the treasury', async () => {
    const treasuryBcnt = await tokenBalance(addresses.bcnt, TREASURY);
    const response = await test.app.inject({
      method: 'POST',
      url: '/dev/faucet',
      payload: { address: STRANGER.toLowerCase(), eth: '2.5', bcnt: '1234.5', usdt: '99.000001' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.address).toBe(STRANGER);
    expect(data.grants).toEqual([
      expect.objectContaining({
        asset: 'eth',
        amount: '2.5',
        balance: '2.5',
        method: 'setBalance',
      }),
      expect.objectContaining({
        asset: 'bcnt',
        amount: '1234.5',
        balance: '1234.5',
        method: 'treasury',
      }),
      expect.objectContaining({
        asset: 'usdt',
        amount: '99.000001',
        balance: '99.000001',
        method: 'treasury',
      }),
    ]);
    expect(data.grants[1].txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await client().getBalance({ address: STRANGER })).toBe(parseEther('2.5'));
    expect(await tokenBalance(addresses.bcnt, STRANGER)).toBe(parseUnits('1234.5', 18));
    expect(await tokenBalance(addresses.testUsdt, STRANGER)).toBe(parseUnits('99.000001', 6));
    // a real transfer: the treasury paid it
    expect(await tokenBalance(addresses.bcnt, TREASURY)).toBe(
      treasuryBcnt - parseUnits('1234.5', 18),
    );

    // a second call adds to what is there
    const again = await test.app.inject({
      method: 'POST',
      url: '/dev/faucet',
      payload: { address: STRANGER, eth: '0.5' },
    });
    expect(again.json().data.grants).toEqual([
      expect.objectContaining({ asset: 'eth', balance: '3' }),
    ]);
  });

  it('refuses what it cannot do: no asset, too many decimals, a bad address', async () => {
    const none = await test.app.inject({
      method: 'POST',
      url: '/dev/faucet',
      payload: { address: STRANGER },
    });
    expect(none.statusCode).toBe(400);
    const decimals = await test.app.inject({
      method: 'POST',
      url: '/dev/faucet',
      payload: { address: STRANGER, usdt: '1.0000001' },
    });
    expect(decimals.statusCode).toBe(409);
    expect(decimals.json().message).toBe('bad_amount');
    const address = await test.app.inject({
      method: 'POST',
      url: '/dev/faucet',
      payload: { address: '0x1234', eth: '1' },
    });
    expect(address.statusCode).toBe(400);
  });

  it('POST /dev/clock/advance moves the server clock and the chain together', async () => {
    const serverBefore = test.clock.now().getTime();
    const chainBefore = await latestBlockTime();
    const response = await test.app.inject({
      method: 'POST',
      url: '/dev/clock/advance',
      payload: { seconds: 3600 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(new Date(data.now).getTime()).toBe(serverBefore + 3600_000);
    expect(await latestBlockTime()).toBeGreaterThanOrEqual(chainBefore + 3600);
    expect(new Date(data.chainTime).getTime() / 1000).toBe(await latestBlockTime());
  });

  it('npm run ops -- faucet funds an address without an API (direct, PGlite)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-tools-cli-'));
    await migratedDataDir(dataDir);
    const env = { DATA_DIR: dataDir, RPC_URL: anvil.rpcUrl, CHAIN_ID: String(LOCAL_CHAIN_ID) };
    const target = '0x000000000000000000000000000000000000cafe' as Address;
    const result = await cli(['faucet', target, '--bcnt', '7', '--eth', '1'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\+1 ETH \(anvil_setBalance\): balance 1/);
    expect(result.stdout).toMatch(/\+7 BCNT \(from the treasury, tx 0x[0-9a-f]{64}\): balance 7/);
    expect(await tokenBalance(addresses.bcnt, target)).toBe(parseUnits('7', 18));

    // without options: the default grant
    const defaults = await cli(['faucet', target, '--json'], env);
    expect(defaults.code, defaults.stderr).toBe(0);
    expect(
      JSON.parse(defaults.stdout).grants.map((grant: { amount: string }) => grant.amount),
    ).toEqual(['10', '10000', '10000']);

    const bad = await cli(['faucet', target, '--usdt', '-3'], env);
    expect(bad.code).toBe(2);
    // the system clock of a CLI on its own cannot move
    const clock = await cli(['clock', 'advance', '1d'], env);
    expect(clock.code).toBe(1);
    expect(clock.stderr).toMatch(/through the running API/);
  }, 60_000);

  it('npm run ops -- clock advance 14d moves the running API and the chain', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-tools-api-'));
    await migratedDataDir(dataDir);
    const env = { DATA_DIR: dataDir, RPC_URL: anvil.rpcUrl, CHAIN_ID: String(LOCAL_CHAIN_ID) };
    const api = await startApi({
      env: {
        NODE_ENV: 'test',
        PORT: '0',
        INDEXER: 'false',
        SCHEDULER: 'false',
        EXCHANGE: 'paper',
        ...env,
      },
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: 'silent' },
      logger: false,
    });
    try {
      const before = Date.parse((await (await fetch(`${api.url}/dev/clock`)).json()).data.now);
      const chainBefore = await latestBlockTime();
      const result = await cliBesideApi(['clock', 'advance', '14d'], env);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/via the API running on this data directory/);
      expect(result.stdout).toMatch(/Server clock: \d{4}-/);
      const after = Date.parse((await (await fetch(`${api.url}/dev/clock`)).json()).data.now);
      // 14 days plus the seconds the CLI took
      expect(after - before).toBeGreaterThanOrEqual(14 * 86_400_000);
      expect(after - before).toBeLessThan(14 * 86_400_000 + 60_000);
      expect(await latestBlockTime()).toBeGreaterThanOrEqual(chainBefore + 14 * 86_400);
    } finally {
      await api.stop();
    }
  }, 90_000);
});
