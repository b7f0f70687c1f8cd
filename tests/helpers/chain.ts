import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseUnits,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import { anvilAccount } from '../../scripts/anvil';
import { jsonRpc } from '../../scripts/deploy';
import {
  allianceNftAbi,
  allianceNftAddress,
  bcntAbi,
  bcntAddress,
  loyaltyStakingAbi,
  loyaltyStakingAddress,
} from '../../src/shared/contracts/generated';

/**
 * Chain helpers for integration tests on a throw-away anvil with the deployed contracts
 * (`deployOrLoadState`): send staking and Alliance NFT transactions from anvil's dev accounts,
 * mine, snapshot and revert.
 */
export const LOCAL = 31337;
export const STAKING = loyaltyStakingAddress[LOCAL];
export const ALLIANCE_NFT = allianceNftAddress[LOCAL];
export const BCNT = bcntAddress[LOCAL];

export const bcnt = (amount: string | number) => parseUnits(String(amount), 18);

export interface TestChain {
  rpcUrl: string;
  client: PublicClient;
  /** send a contract call from anvil account `index` and wait for its (successful) receipt */
  send(
    index: number,
    call: { address: Address; abi: readonly unknown[]; functionName: string; args?: unknown[] },
  ): Promise<{ hash: Hash; blockNumber: bigint }>;
  stake(index: number, amount: bigint): Promise<void>;
  requestUnstake(index: number, amount: bigint): Promise<bigint>;
  withdraw(index: number, requestId: bigint): Promise<void>;
  transferNft(fromIndex: number, to: Address, tokenId: bigint): Promise<void>;
  mine(blocks?: number): Promise<void>;
  head(): Promise<number>;
  latestTime(): Promise<Date>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
}

export function testChain(rpcUrl: string): TestChain {
  const chain = defineChain({
    id: LOCAL,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), cacheTime: 0 });
  const wallets = new Map<number, ReturnType<typeof createWalletClient>>();
  const wallet = (index: number) => {
    let w = wallets.get(index);
    if (!w) {
      w = createWalletClient({ account: anvilAccount(index), chain, transport: http(rpcUrl) });
      wallets.set(index, w);
    }
    return w;
  };

  const send: TestChain['send'] = async (index, call) => {
    const w = wallet(index);
    const hash = await w.writeContract({
      address: call.address,
      abi: call.abi,
      functionName: call.functionName,
      args: call.args ?? [],
      account: w.account!,
      chain,
    } as Parameters<typeof w.writeContract>[0]);
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`);
    return { hash, blockNumber: receipt.blockNumber };
  };

  return {
    rpcUrl,
    client,
    send,
    async stake(index, amount) {
      await send(index, {
        address: BCNT,
        abi: bcntAbi,
        functionName: 'approve',
        args: [STAKING, amount],
      });
      await send(index, {
        address: STAKING,
        abi: loyaltyStakingAbi,
        functionName: 'stake',
        args: [amount],
      });
    },
    async requestUnstake(index, amount) {
      const before = (await client.readContract({
        address: STAKING,
        abi: loyaltyStakingAbi,
        functionName: 'requestCount',
      })) as bigint;
      await send(index, {
        address: STAKING,
        abi: loyaltyStakingAbi,
        functionName: 'requestUnstake',
        args: [amount],
      });
      return before;
    },
    async withdraw(index, requestId) {
      await send(index, {
        address: STAKING,
        abi: loyaltyStakingAbi,
        functionName: 'withdraw',
        args: [requestId],
      });
    },
    async transferNft(fromIndex, to, tokenId) {
      await send(fromIndex, {
        address: ALLIANCE_NFT,
        abi: allianceNftAbi,
        functionName: 'transferFrom',
        args: [anvilAccount(fromIndex).address, to, tokenId],
      });
    },
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i += 1) await jsonRpc(rpcUrl, 'evm_mine');
    },
    async head() {
      return Number(await client.getBlockNumber());
    },
    async latestTime() {
      const block = await client.getBlock({ blockTag: 'latest' });
      return new Date(Number(block.timestamp) * 1000);
    },
    snapshot: () => jsonRpc<string>(rpcUrl, 'evm_snapshot'),
    async revert(id) {
      const reverted = await jsonRpc<boolean>(rpcUrl, 'evm_revert', [id]);
      if (!reverted) throw new Error(`evm_revert ${id} failed`);
    },
  };
}
