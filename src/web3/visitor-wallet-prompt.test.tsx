import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { custom } from 'viem';
import { createConfig, WagmiProvider } from 'wagmi';
import { connect } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { beforeAll, describe, expect, it } from 'vitest';
import components from '../i18n/locales/en-US/components.json';
import wallet from '../i18n/locales/en-US/wallet.json';
import { localChain } from './chains';
import { VisitorWalletPrompt } from './visitor-wallet-prompt';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LINKS = { walletSignIn: '/login?method=wallet', login: '/login', signUp: '/register' };

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { wallet, components } },
    keySeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

function setup() {
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
    storage: null,
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <VisitorWalletPrompt links={LINKS} /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </WagmiProvider>
    </I18nextProvider>,
  );
  return { config, router };
}

describe('VisitorWalletPrompt', () => {
  it('says nothing until a wallet is connected, then offers wallet sign-in and log in / sign up', async () => {
    const { config, router } = setup();
    expect(screen.queryByTestId('visitor-wallet-prompt')).toBeNull();
    await act(async () => {
      await connect(config, { connector: config.connectors[0]! });
    });
    const prompt = await screen.findByRole('dialog', { name: 'Wallet connected' });
    expect(prompt.textContent).toContain('linked');
    expect(screen.getByRole('link', { name: 'Log in with wallet' }).getAttribute('href')).toBe(
      '/login?method=wallet',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('can be closed', async () => {
    const { config } = setup();
    await act(async () => {
      await connect(config, { connector: config.connectors[0]! });
    });
    await screen.findByTestId('visitor-wallet-prompt');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('visitor-wallet-prompt')).toBeNull();
  });
});
