// Wallet linking with a smart-contract wallet (ERC-1271): the signature is checked on chain.
// Deploys a minimal contract wallet owned by an anvil account to a throw-away anvil, then links
// it through the real API with the API's RPC pointing at that anvil.
import { readFileSync } from 'node:fs';
import { createWalletClient, http, type Abi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { createPublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { forgeBuild } from '../../scripts/forge';
import { createSignatureVerifier } from '../../src/server/domain/auth/siwe-verifier';
import { createMember, post, type TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

// anvil's well-known development keys (never hold value)
const OWNER = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);
const STRANGER = privateKeyToAccount(
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
);

let anvil: AnvilHandle;
let walletAddress: Hex;
let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  await forgeBuild({ quiet: true });
  const artifact = JSON.parse(
    readFileSync('contracts/out/ERC1271Wallet.sol/ERC1271Wallet.json', 'utf8'),
  ) as { abi: Abi; bytecode: { object: Hex } };
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
  const deployer = createWalletClient({ account: OWNER, chain, transport: http(anvil.rpcUrl) });
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const hash = await deployer.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode.object,
    args: [OWNER.address],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  walletAddress = receipt.contractAddress!;

  t = await createTestApp({ config: { rpcUrl: anvil.rpcUrl, chainId: 31337 } });
  member = await createMember(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

async function signedLink(signer: typeof OWNER) {
  const res = await post(t.app, '/member/siwe/nonce', { purpose: 'link' });
  const data = res.json().data;
  const message = createSiweMessage({
    address: walletAddress,
    domain: data.domain,
    uri: data.uri,
    chainId: data.chainId,
    nonce: data.nonce,
    statement: data.statement,
    version: '1',
    issuedAt: new Date(data.issuedAt),
    expirationTime: new Date(data.expirationTime),
  });
  return { message, signature: await signer.signMessage({ message }) };
}

describe('a smart-contract wallet (ERC-1271)', () => {
  it('the verifier accepts the owner signature and refuses another key', async () => {
    const verifier = createSignatureVerifier(anvil.rpcUrl);
    const message = 'hello from a contract wallet';
    expect(
      await verifier.verify({
        address: walletAddress,
        message,
        signature: await OWNER.signMessage({ message }),
      }),
    ).toBe(true);
    expect(
      await verifier.verify({
        address: walletAddress,
        message,
        signature: await STRANGER.signMessage({ message }),
      }),
    ).toBe(false);
  });

  it('is linked by its owner signature through the API, and refused when someone else signs', async () => {
    const refused = await post(
      t.app,
      '/member/siwe/link',
      { ...(await signedLink(STRANGER)), password: member.password },
      {
        token: member.token,
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('siwe_invalid');

    const linked = await post(
      t.app,
      '/member/siwe/link',
      { ...(await signedLink(OWNER)), password: member.password },
      {
        token: member.token,
      },
    );
    expect(linked.statusCode).toBe(200);
    const wallets = await post(t.app, '/member/siwe/wallets', undefined, { token: member.token });
    expect(
      wallets.json().data.list.map((w: { address: string }) => w.address.toLowerCase()),
    ).toContain(walletAddress.toLowerCase());
  });
});
