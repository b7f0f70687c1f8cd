import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { createConfig } from 'wagmi';
import { connect } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as loyalty from '../../../services/loyalty';
import { setLoginInfo } from '../../../services/session';
import {
  bcntAbi,
  bcntAddress,
  loyaltyStakingAbi,
  loyaltyStakingAddress,
} from '../../../shared/contracts/generated';
import { localChain } from '../../../web3/chains';
import * as allowanceModule from '../../../web3/tx/use-allowance';
import * as txFlowModule from '../../../web3/tx/use-tx-flow';
import type { TxFlow, TxFlowState, UseTxFlowOptions } from '../../../web3/tx/use-tx-flow';
import { Web3Provider } from '../../../web3/web3-provider';
import { useStatusIndexWait } from '../api/status-index-wait';
import { loyaltyStatus, renderLoyalty } from '../test-utils';
import { StakingPanelContent } from './staking-panel';

// ---- the transaction pipeline (src/web3/tx) is replaced by a recorder ---------------------------

interface SentTx {
  key: string;
  functionName: string;
  args: readonly unknown[];
}

const tx = {
  sent: [] as SentTx[],
  /** the wallet's BCNT allowance for the staking contract */
  allowance: 0n,
  /** flow states by key (default idle) */
  states: new Map<string, TxFlowState>(),
  /** what send resolves with: a receipt (Done) or undefined (refused) */
  outcome: 'done' as 'done' | 'cancelled',
  blockNumber: 77n,
};

function fakeFlow(key: string, onDone?: (receipt: TransactionReceipt) => void): TxFlow {
  const state = tx.states.get(key) ?? { status: 'idle' };
  return {
    state,
    busy: state.status === 'waiting' || state.status === 'pending',
    send: async (request) => {
      if (!('functionName' in request)) throw new Error('the staking panel sends contract calls');
      tx.sent.push({ key, functionName: request.functionName, args: request.args ?? [] });
      if (tx.outcome !== 'done') return undefined;
      const receipt = { blockNumber: tx.blockNumber, status: 'success' } as TransactionReceipt;
      onDone?.(receipt);
      return receipt;
    },
    reset: () => undefined,
    switchChain: async () => undefined,
  };
}

mockExports(txFlowModule, {
  useTxFlow: (options: UseTxFlowOptions) => fakeFlow(options.key, options.onDone),
});

mockExports(allowanceModule, {
  useAllowance: (options: { token: Address; spender: Address; amount: bigint; key: string }) => {
    const flow = fakeFlow(`${options.key}.approve`);
    return {
      allowance: tx.allowance,
      isLoading: false,
      needsApprove: options.amount > 0n && options.amount > tx.allowance,
      approve: () =>
        flow.send({
          address: options.token,
          abi: [],
          functionName: 'approve',
          args: [options.spender, options.amount],
        }),
      flow,
    };
  },
});

mockExports(loyalty, {
  getLoyaltyStatus: vi.fn(),
  getLoyaltySetting: vi.fn(),
});

// ---- a fake chain node answering the panel's reads ----------------------------------------------

const BCNT = 10n ** 18n;
const DAY = 86_400;
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = bcntAddress[31337].toLowerCase();
const STAKING = loyaltyStakingAddress[31337].toLowerCase();
/** The chain's time: far from the browser's clock on purpose (the countdown must follow it). */
const BLOCK_TIME = 4_102_444_800; // 2100-01-01

interface FakeRequest {
  amount: bigint;
  unlockAt: bigint;
  withdrawn: boolean;
}

interface ChainState {
  balance: bigint;
  staked: bigint;
  pending: bigint;
  requests: Record<string, FakeRequest>;
}

function fakeNode(chain: ChainState) {
  const word = (value: bigint) => `0x${value.toString(16)}` as Hex;
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    switch (method) {
      case 'eth_chainId':
        return word(31337n);
      case 'eth_blockNumber':
        return word(16n);
      case 'eth_getBlockByNumber':
        return {
          number: word(16n),
          hash: `0x${'11'.repeat(32)}`,
          parentHash: `0x${'22'.repeat(32)}`,
          timestamp: word(BigInt(BLOCK_TIME)),
          gasLimit: word(30_000_000n),
          gasUsed: '0x0',
          baseFeePerGas: '0x1',
          miner: `0x${'00'.repeat(20)}`,
          extraData: '0x',
          transactions: [],
          uncles: [],
        };
      case 'eth_call': {
        const [call] = params as [{ to: string; data: Hex }];
        const to = call.to.toLowerCase();
        if (to === TOKEN) {
          decodeFunctionData({ abi: bcntAbi, data: call.data });
          return encodeFunctionResult({
            abi: bcntAbi,
            functionName: 'balanceOf',
            result: chain.balance,
          });
        }
        if (to !== STAKING) throw new Error(`call to ${call.to}`);
        const { functionName, args } = decodeFunctionData({
          abi: loyaltyStakingAbi,
          data: call.data,
        });
        const ids = Object.keys(chain.requests).map(BigInt);
        const results: Record<string, unknown> = {
          stakedOf: chain.staked,
          pendingOf: chain.pending,
          levelAmountOf: chain.staked + chain.pending,
          requestIdsOf: ids,
          thresholds: [10_000n * BCNT, 50_000n * BCNT, 200_000n * BCNT],
        };
        if (functionName === 'getRequest') {
          const id = (args as readonly [bigint])[0];
          const found = chain.requests[id.toString()];
          if (!found) throw new Error(`no request ${id}`);
          return encodeFunctionResult({
            abi: loyaltyStakingAbi,
            functionName: 'getRequest',
            result: { owner: ACCOUNT, ...found },
          });
        }
        if (!(functionName in results)) throw new Error(`unexpected ${functionName}`);
        return encodeFunctionResult({
          abi: loyaltyStakingAbi,
          functionName: functionName as 'stakedOf',
          result: results[functionName] as bigint,
        });
      }
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
  return request;
}

function defaultChain(): ChainState {
  return {
    balance: 1_000_000n * BCNT,
    staked: 60_000n * BCNT,
    pending: 5_000n * BCNT,
    requests: {
      // unlocked by chain time (the browser's clock, decades earlier, would say locked)
      '0': { amount: 3_000n * BCNT, unlockAt: BigInt(BLOCK_TIME - DAY), withdrawn: false },
      '1': { amount: 1_000n * BCNT, unlockAt: BigInt(BLOCK_TIME - 2 * DAY), withdrawn: true },
      '4': { amount: 2_000n * BCNT, unlockAt: BigInt(BLOCK_TIME + 2 * DAY), withdrawn: false },
    },
  };
}

function setup(chain: ChainState = defaultChain()) {
  const appChain = localChain(31337, 'http://127.0.0.1:8545');
  const request = fakeNode(chain);
  const config = createConfig({
    chains: [appChain],
    connectors: [mock({ accounts: [ACCOUNT] })],
    transports: { 31337: custom({ request }) },
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
  const user = userEvent.setup();
  const view = renderLoyalty(<StakingPanelContent />, {
    wrap: (children) => <Web3Provider setup={{ config, appChain }}>{children}</Web3Provider>,
  });
  const connector = config.connectors[0]!;
  return {
    ...view,
    user,
    request,
    connect: () => act(() => connect(config, { connector, chainId: 31337 }).then(() => undefined)),
  };
}

const fetchStatus = vi.mocked(loyalty.getLoyaltyStatus);

function logIn() {
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
}

async function ready(connectWallet: () => Promise<void>) {
  await connectWallet();
  await waitFor(() => expect(screen.getByTestId('staking-panel').dataset.state).toBe('ready'));
  await screen.findByTestId('staking-wallet-balance');
  await screen.findByTestId('unstake-request-4');
}

beforeEach(() => {
  tx.sent = [];
  tx.allowance = 0n;
  tx.states = new Map();
  tx.outcome = 'done';
  fetchStatus.mockReset();
  useStatusIndexWait.getState().stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('staking panel', () => {
  it('disconnected and logged out: Connect wallet and "Log in to see your member level"', async () => {
    setup();
    const panel = screen.getByTestId('staking-panel');
    expect(panel.dataset.state).toBe('disconnected');
    const connectButton = screen.getByTestId('staking-connect');
    await waitFor(() => expect(connectButton.getAttribute('aria-busy')).toBeNull());
    expect(connectButton.textContent).toBe('Connect wallet');
    expect(screen.getByTestId('staking-login-note').textContent).toContain(
      'Log in to see your member level',
    );
    expect(screen.queryByTestId('member-level')).toBeNull();
    expect(screen.queryByTestId('staking-wallet-balance')).toBeNull();
    expect(screen.queryByTestId('stake-amount')).toBeNull();
    expect(fetchStatus).not.toHaveBeenCalled();
  });

  it('connected, logged out: the wallet balance, staked and cooling amounts, and its next level from the contract', async () => {
    const { connect: connectWallet } = setup();
    await ready(connectWallet);

    expect(screen.getByTestId('staking-wallet-balance').textContent).toBe('1,000,000 BCNT');
    expect(screen.getByTestId('staking-staked').textContent).toBe('60,000 BCNT');
    expect(screen.getByTestId('staking-cooling').textContent).toBe('5,000 BCNT');
    // 65,000 counted: level 3 reached, 135,000 more for level 4 (thresholds() of the contract)
    expect(screen.getByTestId('staking-wallet-level').dataset.level).toBe('3');
    const next = screen.getByTestId('staking-next-level');
    expect(next.dataset.level).toBe('4');
    expect(next.textContent).toBe('Stake 135,000 BCNT more to reach level 4.');
    expect(screen.getByTestId('staking-login-note')).toBeTruthy();
    expect(screen.queryByTestId('staking-unlinked-warning')).toBeNull();
    expect(fetchStatus).not.toHaveBeenCalled();
  });

  it('lists the unstake requests newest first with their state by chain time and a countdown', async () => {
    const { connect: connectWallet } = setup();
    await ready(connectWallet);

    const rows = within(screen.getByTestId('unstake-requests')).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.testid)).toEqual([
      'unstake-request-4',
      'unstake-request-1',
      'unstake-request-0',
    ]);
    const locked = screen.getByTestId('unstake-request-4');
    expect(locked.dataset.state).toBe('locked');
    await waitFor(() =>
      expect(screen.getByTestId('unstake-countdown-4').textContent).toMatch(
        /^(2d 00:00:00|1d 23:59:5\d)$/,
      ),
    );
    expect(within(locked).queryByRole('button', { name: /withdraw/i })).toBeNull();
    expect(within(locked).getByText('2,000 BCNT')).toBeTruthy();

    expect(screen.getByTestId('unstake-request-0').dataset.state).toBe('unlocked');
    expect(screen.getByTestId('withdraw-0')).toBeTruthy();
    expect(screen.queryByTestId('unstake-countdown-0')).toBeNull();

    expect(screen.getByTestId('unstake-request-1').dataset.state).toBe('withdrawn');
    expect(screen.queryByTestId('withdraw-1')).toBeNull();
  });

  it('validates the stake amount: positive, not above the balance, at most 8 decimals', async () => {
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);
    const input = screen.getByTestId('stake-amount') as HTMLInputElement;

    const submit = screen.getByTestId('stake-submit') as HTMLButtonElement;
    // nothing to stake yet: Stake cannot be pressed
    expect(submit.disabled).toBe(true);

    await user.type(input, 'abc1.123456789');
    expect(input.value).toBe('1.12345678');
    // the last blocked keystroke (a ninth decimal) is explained under the field
    expect(screen.getByTestId('stake-amount-blocked').textContent).toBe(
      'BCNT takes at most 8 decimal places.',
    );
    expect(submit.disabled).toBe(false);

    await user.clear(input);
    await user.type(input, '0');
    expect(screen.getByText('Enter an amount greater than 0.')).toBeTruthy();
    expect(screen.getByTestId('stake-amount-blocked').textContent).toBe('');
    expect(submit.disabled).toBe(true);

    await user.clear(input);
    await user.type(input, '1000000.00000001');
    expect(screen.getByText("The amount is more than your wallet's BCNT balance.")).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(submit.disabled).toBe(true);
    await user.click(submit);
    expect(tx.sent).toEqual([]);

    await user.click(screen.getByTestId('stake-max'));
    expect(input.value).toBe('1000000');
    expect(screen.queryByText("The amount is more than your wallet's BCNT balance.")).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it('validates the unstake amount against the staked amount', async () => {
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);
    const input = screen.getByTestId('unstake-amount') as HTMLInputElement;

    await user.type(input, '60000.5');
    expect(screen.getByText('The amount is more than your staked BCNT.')).toBeTruthy();
    expect((screen.getByTestId('unstake-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('unstake-submit'));
    expect(tx.sent).toEqual([]);

    await user.click(screen.getByTestId('unstake-max'));
    expect(input.value).toBe('60000');
    expect(screen.queryByText('The amount is more than your staked BCNT.')).toBeNull();
  });

  it('stake = approve (allowance short) then stake(amount); the status then waits for the indexer', async () => {
    logIn();
    fetchStatus.mockResolvedValue(loyaltyStatus({ indexedBlock: '70' }));
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);

    expect(screen.getByTestId('stake-submit').textContent).toBe('Stake');
    await user.type(screen.getByTestId('stake-amount'), '12000.5');
    expect(screen.getByTestId('stake-submit').textContent).toBe('Approve and stake');
    await user.click(screen.getByTestId('stake-submit'));

    await waitFor(() => expect(tx.sent).toHaveLength(2));
    expect(tx.sent).toEqual([
      {
        key: 'loyalty.stake.approve',
        functionName: 'approve',
        args: [loyaltyStakingAddress[31337], 12_000n * BCNT + BCNT / 2n],
      },
      { key: 'loyalty.stake', functionName: 'stake', args: [12_000n * BCNT + BCNT / 2n] },
    ]);
    expect(useStatusIndexWait.getState().wait?.block).toBe(77n);
    expect(screen.getByTestId('member-level-updating')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('stake-amount') as HTMLInputElement).value).toBe(''),
    );
  });

  it('stake without approve when the allowance covers it; a refused approve stops before staking', async () => {
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);

    tx.allowance = 500n * BCNT;
    await user.type(screen.getByTestId('stake-amount'), '500');
    await user.click(screen.getByTestId('stake-submit'));
    await waitFor(() => expect(tx.sent).toHaveLength(1));
    expect(tx.sent[0]).toMatchObject({ key: 'loyalty.stake', functionName: 'stake' });

    tx.sent = [];
    tx.outcome = 'cancelled';
    await user.type(screen.getByTestId('stake-amount'), '501');
    await user.click(screen.getByTestId('stake-submit'));
    await waitFor(() => expect(tx.sent).toHaveLength(1));
    expect(tx.sent[0]?.functionName).toBe('approve');
    // the amount stays for another try
    expect((screen.getByTestId('stake-amount') as HTMLInputElement).value).toBe('501');
  });

  it('shows each step of the stake with its own progress and a busy button', async () => {
    tx.states.set('loyalty.stake.approve', {
      status: 'done',
      hash: `0x${'ab'.repeat(32)}`,
    });
    tx.states.set('loyalty.stake', { status: 'pending', hash: `0x${'cd'.repeat(32)}` });
    const { connect: connectWallet } = setup();
    await ready(connectWallet);

    expect(screen.getByTestId('stake-approve-progress').dataset.state).toBe('done');
    expect(screen.getByTestId('stake-progress').dataset.state).toBe('pending');
    expect(screen.getByTestId('stake-submit').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('unstake-progress')).toBeNull();
  });

  it('request unstake sends requestUnstake(amount)', async () => {
    logIn();
    fetchStatus.mockResolvedValue(loyaltyStatus({ indexedBlock: '70' }));
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);
    await user.type(screen.getByTestId('unstake-amount'), '2500');
    await user.click(screen.getByTestId('unstake-submit'));
    await waitFor(() => expect(tx.sent).toHaveLength(1));
    expect(tx.sent[0]).toEqual({
      key: 'loyalty.requestUnstake',
      functionName: 'requestUnstake',
      args: [2_500n * BCNT],
    });
    expect(useStatusIndexWait.getState().wait?.block).toBe(77n);
  });

  it('withdraw sends withdraw(requestId) with the request own key', async () => {
    tx.states.set('loyalty.withdraw.4', { status: 'failed', errorKey: 'error.generic' });
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);
    await user.click(screen.getByTestId('withdraw-0'));
    await waitFor(() => expect(tx.sent).toHaveLength(1));
    expect(tx.sent[0]).toEqual({ key: 'loyalty.withdraw.0', functionName: 'withdraw', args: [0n] });
    // the progress of each request is its own
    expect(screen.getByTestId('withdraw-progress-4').dataset.state).toBe('failed');
    expect(screen.queryByTestId('withdraw-progress-0')).toBeNull();
  });

  it('logged in: the member level from the server and the BCNT needed for the next level', async () => {
    logIn();
    fetchStatus.mockResolvedValue(
      loyaltyStatus({ wallets: [{ address: ACCOUNT.toLowerCase(), staked: '0', cooling: '0' }] }),
    );
    const { connect: connectWallet } = setup();
    await ready(connectWallet);

    const level = await screen.findByTestId('member-level');
    expect(level.dataset.level).toBe('2');
    expect(level.textContent).toContain('Level 2');
    expect(screen.getByText('Loyalty level 2: higher rates on Stable Income.')).toBeTruthy();
    // the server's next level (all linked wallets), not this wallet's alone
    expect(screen.getByTestId('staking-next-level').textContent).toBe(
      'Stake 38,000 BCNT more to reach level 3.',
    );
    // linked (compared case-insensitively): no warning
    expect(screen.queryByTestId('staking-unlinked-warning')).toBeNull();
    expect(screen.queryByTestId('staking-login-note')).toBeNull();
    expect(screen.queryByTestId('staking-kyc-note')).toBeNull();
    // nothing staked in the platform wallet: no line about it
    expect(screen.queryByTestId('member-level-custodial')).toBeNull();
  });

  it('says how much of the counted stake is in the platform wallet', async () => {
    logIn();
    fetchStatus.mockResolvedValue(
      loyaltyStatus({
        wallets: [{ address: ACCOUNT.toLowerCase(), staked: '0', cooling: '0' }],
        custodialStaked: '12000.5',
      }),
    );
    const { connect: connectWallet } = setup();
    await ready(connectWallet);
    expect((await screen.findByTestId('member-level-custodial')).textContent).toBe(
      'Includes 12,000.5 BCNT staked in your platform wallet.',
    );
  });

  it('logged in with a wallet that is not linked: a warning with a link to the Security page, staking still allowed', async () => {
    logIn();
    fetchStatus.mockResolvedValue(
      loyaltyStatus({
        wallets: [
          { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', staked: '0', cooling: '0' },
        ],
      }),
    );
    const { connect: connectWallet, user } = setup();
    await ready(connectWallet);

    const warning = await screen.findByTestId('staking-unlinked-warning');
    expect(warning.textContent).toContain('0x7099…79C8');
    expect(warning.textContent).toContain('does not count for your member level');
    expect(within(warning).getByRole('link').getAttribute('href')).toBe('/security?tab=two-step');

    await user.type(screen.getByTestId('stake-amount'), '10');
    await user.click(screen.getByTestId('stake-submit'));
    await waitFor(() => expect(tx.sent.map((sent) => sent.functionName)).toContain('stake'));
  });

  it('a member without identity verification is told that staking levels need level 1', async () => {
    logIn();
    fetchStatus.mockResolvedValue(
      loyaltyStatus({ level: 0, roleId: 0, kycVerified: false, stakeLevel: 0 }),
    );
    setup();
    const note = await screen.findByTestId('staking-kyc-note');
    expect(note.textContent).toContain('level 1 (identity verification)');
    expect(screen.getByTestId('member-level').dataset.level).toBe('0');
  });

  it('the top level says so', async () => {
    logIn();
    fetchStatus.mockResolvedValue(loyaltyStatus({ level: 4, stakeLevel: 4, nextLevel: null }));
    setup();
    const next = await screen.findByTestId('staking-next-level');
    expect(next.textContent).toBe('You have reached the highest staking level.');
  });
});
