/**
 * Deploys the contracts to a dev chain (anvil) and funds the well-known test accounts.
 *
 *   tsx scripts/deploy.ts [--rpc http://127.0.0.1:8545] [--no-codegen]
 *
 * From a fresh anvil, account 0 deploys with nonce 0, so the addresses are always the same and
 * src/shared/contracts/generated.ts stays stable.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  getAddress,
  http,
  type Address,
  type Hash,
} from 'viem';
import {
  ANVIL_ACCOUNTS,
  BCNT_DECIMALS,
  BCNT_TEST_ACCOUNT_FUNDING,
  LOCAL_RPC_URL,
} from '../src/shared/constants/chain';
import { anvilAccount } from './anvil';
import { artifactPath, readArtifact, recordDeployment, writeGeneratedFile } from './codegen';
import { forgeBuild } from './forge';

export interface DeployOptions {
  rpcUrl: string;
  /** Record the addresses in contracts/deployments.json and rewrite generated.ts. Default true. */
  writeGenerated?: boolean;
}

export interface Deployment {
  chainId: number;
  addresses: { bcnt: Address };
}

export async function deployAll({
  rpcUrl,
  writeGenerated = true,
}: DeployOptions): Promise<Deployment> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = defineChain({
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const treasury = anvilAccount(0);
  const wallet = createWalletClient({ account: treasury, chain, transport });

  // BCNT: the whole supply goes to the treasury (account 0), the deployer.
  const bcnt = readArtifact('bcnt');
  const deployHash = await wallet.deployContract({
    abi: bcnt.abi,
    bytecode: bcnt.bytecode,
    args: [treasury.address],
  });
  const deployReceipt = await publicClient.waitForTransactionReceipt({ hash: deployHash });
  if (deployReceipt.status !== 'success' || !deployReceipt.contractAddress) {
    throw new Error(`BCNT deployment failed (tx ${deployHash})`);
  }
  const bcntAddress = getAddress(deployReceipt.contractAddress);

  // Fund accounts 1..9 with BCNT. Explicit nonces so the transfers can be sent back to back.
  let nonce = await publicClient.getTransactionCount({
    address: treasury.address,
    blockTag: 'pending',
  });
  const transfers: Hash[] = [];
  for (const recipient of ANVIL_ACCOUNTS.slice(1)) {
    transfers.push(
      await wallet.writeContract({
        address: bcntAddress,
        abi: bcnt.abi,
        functionName: 'transfer',
        args: [recipient, BCNT_TEST_ACCOUNT_FUNDING],
        nonce: nonce++,
      }),
    );
  }
  const receipts = await Promise.all(
    transfers.map((hash) => publicClient.waitForTransactionReceipt({ hash })),
  );
  const failed = receipts.find((receipt) => receipt.status !== 'success');
  if (failed) throw new Error(`BCNT funding transfer failed (tx ${failed.transactionHash})`);

  const addresses = { bcnt: bcntAddress };
  if (writeGenerated) {
    await writeGeneratedFile(recordDeployment(chainId, addresses));
  }
  return { chainId, addresses };
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  const { values } = parseArgs({
    options: {
      rpc: { type: 'string', default: process.env.RPC_URL ?? LOCAL_RPC_URL },
      'no-codegen': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
    },
  });
  try {
    if (values.build || !existsSync(artifactPath('bcnt'))) {
      console.log('Compiling contracts…');
      await forgeBuild();
    }
    const started = Date.now();
    const { chainId, addresses } = await deployAll({
      rpcUrl: values.rpc,
      writeGenerated: !values['no-codegen'],
    });
    const funding = formatUnits(BCNT_TEST_ACCOUNT_FUNDING, BCNT_DECIMALS);
    console.log(`Deployed to chain ${chainId} (${values.rpc}) in ${Date.now() - started} ms`);
    console.log(`  BCNT      ${addresses.bcnt}`);
    console.log(`  treasury  ${ANVIL_ACCOUNTS[0]} (account 0)`);
    console.log(`  funded    accounts 1..9 with ${funding} BCNT each`);
    if (!values['no-codegen']) console.log('  wrote     src/shared/contracts/generated.ts');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
