import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { custom } from 'viem';
import { createConfig, createStorage, noopStorage, useAccount } from 'wagmi';
import { connect } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localChain } from './chains';
import { Web3Provider } from './web3-provider';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function Status({ id }: { id: string }) {
  const { status } = useAccount();
  return <p data-testid={id}>{status}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('Web3Provider', () => {
  it('a second wallet area mounting later shares the connection without updating the first while rendering', async () => {
    const errors = vi.spyOn(console, 'error');
    const appChain = localChain(31337, 'http://127.0.0.1:8545');
    const request = async ({ method }: { method: string }) => {
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_blockNumber') return '0x1';
      throw new Error(`unexpected ${method}`);
    };
    const config = createConfig({
      chains: [appChain],
      connectors: [mock({ accounts: [ACCOUNT] })],
      transports: { 31337: custom({ request }) },
      multiInjectedProviderDiscovery: false,
      // A storage (not `null`): with `ssr: true`, Hydrate rehydrates it after mount.
      storage: createStorage({ storage: noopStorage }),
      ssr: true, // as the app's config (wagmi-config.ts)
    });
    let showPanel: () => void = () => undefined;
    function Page() {
      const [panel, setPanel] = useState(false);
      showPanel = () => setPanel(true);
      return (
        <>
          <Web3Provider setup={{ config, appChain }}>
            <Status id="nav" />
          </Web3Provider>
          {panel ? (
            <Web3Provider setup={{ config, appChain }}>
              <Status id="panel" />
            </Web3Provider>
          ) : null}
        </>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page />
      </QueryClientProvider>,
    );
    await act(async () => {
      await connect(config, { connector: config.connectors[0]! });
    });
    await waitFor(() => expect(screen.getByTestId('nav').textContent).toBe('connected'));
    act(() => showPanel());
    expect(screen.getByTestId('panel').textContent).toBe('connected');
    expect(screen.getByTestId('nav').textContent).toBe('connected');
    const renderWarnings = errors.mock.calls.filter((call) =>
      String(call[0]).includes('Cannot update a component'),
    );
    expect(renderWarnings).toEqual([]);
  });
});
