import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { custom, decodeFunctionData, encodeFunctionResult, erc20Abi, type Hex } from 'viem';
import { createConfig } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import wallet from '../i18n/locales/en-US/wallet.json';
import { bcntAddress } from '../shared/contracts/generated';
import { BcntBalance } from './bcnt-balance';
import { localChain, readOnlyMainnet } from './chains';
import { WalletButton } from './wallet-button';
import { Web3Provider } from './web3-provider';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BCNT_ON_LOCAL = bcntAddress[31337];

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { wallet } },
    keySeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

/** A fake chain node: answers reads; balanceOf from `balances` (or fails with `failCalls`). */
function fakeNode(chainId: number, balances: Record<string, bigint>) {
  const state = { failCalls: false, calls: [] as { to: string; data: Hex }[] };
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    switch (method) {
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'eth_blockNumber':
        return '0x10';
      case 'eth_getBalance':
        return '0x0';
      case 'eth_call': {
        const [call] = params as [{ to: string; data: Hex }];
        state.calls.push(call);
        if (state.failCalls) throw new Error('node down');
        if (!call.data.startsWith('0x70a08231')) throw new Error('not a balanceOf call');
        const { args } = decodeFunctionData({ abi: erc20Abi, data: call.data });
        if (call.to.toLowerCase() !== BCNT_ON_LOCAL.toLowerCase())
          throw new Error(`call to ${call.to}`);
        const owner = (args as [string])[0].toLowerCase();
        return encodeFunctionResult({
          abi: erc20Abi,
          functionName: 'balanceOf',
          result: balances[owner] ?? 0n,
        });
      }
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
  return { state, request };
}

function setup() {
  const local = fakeNode(31337, { [ACCOUNT.toLowerCase()]: 1_000_000n * 10n ** 18n });
  const main = fakeNode(1, {});
  const appChain = localChain(31337, 'http://127.0.0.1:8545');
  const config = createConfig({
    chains: [appChain, readOnlyMainnet('http://127.0.0.1:9')],
    connectors: [mock({ accounts: [ACCOUNT] })],
    transports: { 31337: custom({ request: local.request }), 1: custom({ request: main.request }) },
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Web3Provider setup={{ config, appChain }}>
          <BcntBalance />
          <WalletButton appChain={appChain} />
        </Web3Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const connector = config.connectors[0]!;
  return {
    config,
    queryClient,
    local,
    main,
    connect: (chainId: number) => act(() => connect(config, { connector, chainId })),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('wallet area', () => {
  it('offers "Connect wallet" and no balance while disconnected', async () => {
    setup();
    const button = await screen.findByTestId('wallet-connect');
    await waitFor(() => expect(button).toHaveProperty('ariaBusy', null));
    expect(button.textContent).toBe('Connect wallet');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByTestId('wallet-bcnt-balance')).toBeNull();
    expect(screen.queryByTestId('wallet-bcnt-balance-loading')).toBeNull();
  });

  it('shows the short address and the BCNT balance read on the connected chain', async () => {
    const { connect: connectOn, local, queryClient } = setup();
    await connectOn(31337);

    const balance = await screen.findByTestId('wallet-bcnt-balance');
    expect(balance.textContent).toBe('1,000,000 BCNT');
    expect(screen.getByTestId('wallet-connect').textContent).toContain('0xf39F…2266');
    expect(screen.queryByTestId('wallet-switch-network')).toBeNull();
    // balanceOf(account) on the generated BCNT address
    expect(local.state.calls.at(-1)?.to.toLowerCase()).toBe(BCNT_ON_LOCAL.toLowerCase());
    // wagmi used the app's QueryClient, not one of its own
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ['readContract'] }).length,
    ).toBeGreaterThan(0);
  });

  it('on another chain: offers switching, and shows no balance where BCNT is not deployed', async () => {
    const user = userEvent.setup();
    const { connect: connectOn, main } = setup();
    await connectOn(1);

    const switchButton = await screen.findByTestId('wallet-switch-network');
    expect(switchButton.textContent).toBe('Wrong network, Switch to Localhost');
    expect(screen.queryByTestId('wallet-bcnt-balance')).toBeNull();
    expect(screen.queryByTestId('wallet-bcnt-balance-loading')).toBeNull();
    // no balanceOf read on mainnet (RainbowKit's own ETH balance read may happen)
    expect(main.state.calls.filter((c) => c.data.startsWith('0x70a08231'))).toHaveLength(0);

    switchButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('wallet-switch-network')).toBeNull());
    expect((await screen.findByTestId('wallet-bcnt-balance')).textContent).toBe('1,000,000 BCNT');
  });

  it('shows a retry control when the balance cannot be read, and recovers', async () => {
    const user = userEvent.setup();
    const { connect: connectOn, local } = setup();
    local.state.failCalls = true;
    await connectOn(31337);

    const retry = await screen.findByTestId('wallet-bcnt-balance-error', {}, { timeout: 5000 });
    expect(retry.textContent).toContain('BCNT balance unavailable. Retry');
    local.state.failCalls = false;
    await user.click(retry);
    expect((await screen.findByTestId('wallet-bcnt-balance')).textContent).toBe('1,000,000 BCNT');
  });

  it('goes back to "Connect wallet" after a disconnect', async () => {
    const { connect: connectOn, config } = setup();
    await connectOn(31337);
    await screen.findByTestId('wallet-bcnt-balance');
    await act(() => disconnect(config));
    await waitFor(() =>
      expect(screen.getByTestId('wallet-connect').textContent).toBe('Connect wallet'),
    );
    expect(screen.queryByTestId('wallet-bcnt-balance')).toBeNull();
  });
});
