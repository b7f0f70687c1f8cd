// Alliance NFT registration (level 3) through the real API on a throw-away anvil: register with an
// EIP-4361 message (EOA and ERC-1271 smart wallet), refusals (non-holder, replayed nonce, wrong
// domain, another member's address), unregister, and a transfer of the NFT on chain that the
// indexer turns into a cancelled registration, also undone exactly by a reorg.
import { readFileSync } from 'node:fs';
import type { Abi, Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { forgeBuild } from '../../scripts/forge';
import { allianceNftAbi } from '../../src/shared/contracts/generated';
import { ROLE } from '../../src/shared/membership/levels';
import { TestClock } from '../../src/server/clock';
import { createMember, post, type TestMember } from '../helpers/auth';
import { ALLIANCE_NFT, testChain, type TestChain } from '../helpers/chain';
import {
  get,
  indexAll,
  loyaltyStatus,
  memberInfoRoleId,
  patch,
  registerAlliance,
  signedMessage,
  verifyIdentity,
} from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HOLDER = anvilAccount(1); // holds Alliance NFT #1 after the deploy
const RECEIVER = anvilAccount(6);
const NON_HOLDER = anvilAccount(9);
const WALLET_OWNER = anvilAccount(7);
const LOYALTY_BITS = ROLE.level2Member | ROLE.level3Member | ROLE.level4Member;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  await forgeBuild({ quiet: true }); // the ERC-1271 mock wallet (incremental, ~1 s)
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine();
  clock = new TestClock(await chain.latestTime());
  t = await createTestApp({ config: { rpcUrl: anvil.rpcUrl, chainId: 31337 }, clock });
  await indexAll(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

async function verifiedMember(): Promise<TestMember> {
  const m = await createMember(t.app);
  await verifyIdentity(t, m);
  return m;
}

const check = (m: TestMember, address: string) =>
  get(t.app, `/member/loyalty/alliance/check?address=${address}`, m.token);

describe('Alliance NFT registration', () => {
  let member: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    member = await verifiedMember();
    other = await verifiedMember();
  });

  it('register -> level 3 at once; check shows it to the member and to others', async () => {
    expect((await loyaltyStatus(t.app, member)).level).toBe(1);
    const { res } = await registerAlliance(t.app, member, HOLDER.address, HOLDER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ address: HOLDER.address, tokenId: '1' });

    const status = await loyaltyStatus(t.app, member);
    expect(status).toMatchObject({
      level: 3,
      allianceLevel: 3,
      stakeLevel: 0,
      alliance: { address: HOLDER.address, tokenId: '1' },
    });
    expect(status.roleId & LOYALTY_BITS).toBe(ROLE.level3Member);
    expect(await memberInfoRoleId(t.app, member)).toBe(status.roleId);

    const mine = await check(member, HOLDER.address.toLowerCase());
    expect(mine.json().data).toEqual({
      address: HOLDER.address,
      holdsNft: true,
      tokenIds: ['1'],
      registered: true,
      registeredElsewhere: false,
    });
    const theirs = await check(other, HOLDER.address);
    expect(theirs.json().data).toMatchObject({ registered: false, registeredElsewhere: true });
    const empty = await check(other, NON_HOLDER.address);
    expect(empty.json().data).toMatchObject({ holdsNft: false, tokenIds: [] });
  });

  it('refuses an address another member holds, a replayed nonce and a wrong domain', async () => {
    const taken = await registerAlliance(t.app, other, HOLDER.address, HOLDER);
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json().message).toBe('alliance_taken');

    // The same signed message again: its nonce is spent.
    const first = await registerAlliance(t.app, member, HOLDER.address, HOLDER);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const replay = await post(
      t.app,
      '/member/loyalty/alliance/register',
      { address: HOLDER.address, ...first.body, ts: Date.now() },
      { token: member.token },
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('siwe_invalid');

    const wrongDomain = await registerAlliance(t.app, member, HOLDER.address, HOLDER, {
      domain: 'evil.example.com',
    });
    expect(wrongDomain.res.statusCode).toBe(400);
    expect(wrongDomain.res.json().message).toBe('siwe_invalid');

    // A message for one address sent as another's.
    const body = await registerAlliance(t.app, member, HOLDER.address, HOLDER);
    const mismatch = await post(
      t.app,
      '/member/loyalty/alliance/register',
      { ...body.body, address: NON_HOLDER.address, ts: Date.now() },
      { token: member.token },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('alliance_address_mismatch');

    // A nonce issued for another purpose (wallet linking).
    const linkBody = await signedMessage(t.app, 'link', HOLDER.address, HOLDER);
    const otherPurpose = await post(
      t.app,
      '/member/loyalty/alliance/register',
      { address: HOLDER.address, ...linkBody, ts: Date.now() },
      { token: member.token },
    );
    expect(otherPurpose.statusCode).toBe(400);
    expect(otherPurpose.json().message).toBe('siwe_invalid');
  });

  it('refuses an address without an Alliance NFT', async () => {
    const m = await verifiedMember();
    const { res } = await registerAlliance(t.app, m, NON_HOLDER.address, NON_HOLDER);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('alliance_no_nft');
    expect((await loyaltyStatus(t.app, m)).level).toBe(1);
  });

  it('unregister drops the level the same moment; a second unregister is refused', async () => {
    const res = await patch(t.app, '/member/loyalty/alliance/unregister', member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ unregistered: true });
    const status = await loyaltyStatus(t.app, member);
    expect(status).toMatchObject({ level: 1, allianceLevel: 0, alliance: null });
    expect(status.allianceEnded).toMatchObject({ reason: 'unregistered', tokenId: '1' });
    expect((await memberInfoRoleId(t.app, member)) & LOYALTY_BITS).toBe(0);

    const again = await patch(t.app, '/member/loyalty/alliance/unregister', member.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('alliance_not_registered');
  });

  it('a transfer of the NFT on chain: the indexer cancels the registration; a reorg restores it', async () => {
    // The server clock runs ten minutes ahead of the chain's block timestamps, and the member
    // registered, cancelled and registered again: the transfer still reads as the latest end.
    clock.advance(10 * 60_000);
    expect((await registerAlliance(t.app, member, HOLDER.address, HOLDER)).res.statusCode).toBe(
      200,
    );
    expect(
      (await patch(t.app, '/member/loyalty/alliance/unregister', member.token)).statusCode,
    ).toBe(200);
    const { res } = await registerAlliance(t.app, member, HOLDER.address, HOLDER);
    expect(res.statusCode, res.body).toBe(200);
    await indexAll(t.app);
    expect((await loyaltyStatus(t.app, member)).level).toBe(3);

    const beforeTransfer = await chain.snapshot();
    await chain.transferNft(1, RECEIVER.address, 1n);
    expect((await loyaltyStatus(t.app, member)).level).toBe(3); // not indexed yet
    await indexAll(t.app);
    let status = await loyaltyStatus(t.app, member);
    expect(status).toMatchObject({ level: 1, alliance: null });
    expect(status.allianceEnded).toMatchObject({ reason: 'transferred', tokenId: '1' });
    expect((await memberInfoRoleId(t.app, member)) & LOYALTY_BITS).toBe(0);

    // The transfer's block is orphaned: the registration is active again.
    await chain.revert(beforeTransfer);
    await indexAll(t.app);
    status = await loyaltyStatus(t.app, member);
    expect(status).toMatchObject({ level: 3, alliance: { address: HOLDER.address } });

    // The transfer happens for good.
    await chain.transferNft(1, RECEIVER.address, 1n);
    await indexAll(t.app);
    expect((await loyaltyStatus(t.app, member)).level).toBe(1);
    const now = await check(member, HOLDER.address);
    expect(now.json().data).toMatchObject({ holdsNft: false, registered: false });
  });
});

describe('an ERC-1271 smart-contract wallet holding the NFT', () => {
  let wallet: Address;
  let tokenId: bigint;

  beforeAll(async () => {
    const artifact = JSON.parse(
      readFileSync('contracts/out/ERC1271Wallet.sol/ERC1271Wallet.json', 'utf8'),
    ) as { abi: Abi; bytecode: { object: Hex } };
    const { createWalletClient, http } = await import('viem');
    const deployer = createWalletClient({
      account: WALLET_OWNER,
      transport: http(anvil.rpcUrl),
    });
    const hash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode.object,
      args: [WALLET_OWNER.address],
      chain: null,
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    wallet = receipt.contractAddress!;
    // The mock wallet has no onERC721Received, so it cannot take a safe mint or safe transfer:
    // the owner mints to account 8, which moves it with the plain transferFrom.
    await chain.send(0, {
      address: ALLIANCE_NFT,
      abi: allianceNftAbi,
      functionName: 'mint',
      args: [anvilAccount(8).address],
    });
    tokenId = (await chain.client.readContract({
      address: ALLIANCE_NFT,
      abi: allianceNftAbi,
      functionName: 'lastTokenId',
    })) as bigint;
    await chain.transferNft(8, wallet, tokenId);
  });

  it('registers with the owner signature and refuses another key', async () => {
    const m = await verifiedMember();
    const refused = await registerAlliance(t.app, m, wallet, NON_HOLDER);
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json().message).toBe('siwe_invalid');

    const { res } = await registerAlliance(t.app, m, wallet, WALLET_OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tokenId: String(tokenId) });
    expect((await loyaltyStatus(t.app, m)).level).toBe(3);
  });
});
