import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeFunctionData, encodeFunctionResult, getAddress, type Address } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import type { DepositNetworkInfo } from '../../../shared/api/wallet-deposit';
import { testUsdtAbi, testUsdtAddress } from '../../../shared/contracts/generated';
import { createFakeSetup } from '../../../web3/tx/testing/fake-chain';
import { Web3Provider } from '../../../web3/web3-provider';
import { DepositFromWalletContent } from './deposit-from-wallet';

const USDT = testUsdtAddress[31337] as Address;
const DEPOSIT_ADDRESS = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');

const erc20: DepositNetworkInfo = {
  network: 'ERC20',
  label: 'Ethereum (ERC20)',
  address: DEPOSIT_ADDRESS,
  requiredConfirmations: 3,
  confirmationSeconds: { min: 6, max: 13 },
  evmChainId: 31337,
  tokenAddress: USDT.toLowerCase(),
  decimals: 6,
};

const eth: DepositNetworkInfo = {
  ...erc20,
  network: 'ETH',
  label: 'Ethereum',
  tokenAddress: null,
  decimals: 18,
};

/** The real pipeline and wagmi on a fake node; the node's USDT holds `balance` for the wallet. */
async function setup(network: DepositNetworkInfo, balance = 1_500_500_000n) {
  const fake = createFakeSetup();
  const transfers: { to: string; amount: bigint }[] = [];
  fake.node.deploy(USDT, ({ data, commit }) => {
    const call = decodeFunctionData({ abi: testUsdtAbi, data });
    if (call.functionName === 'balanceOf')
      return {
        ok: true,
        data: encodeFunctionResult({
          abi: testUsdtAbi,
          functionName: 'balanceOf',
          result: balance,
        }),
      };
    if (call.functionName === 'transfer') {
      const [to, amount] = call.args;
      if (commit) transfers.push({ to, amount });
      return { ok: true, data: '0x' };
    }
    throw new Error(`fake USDT: ${call.functionName}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSent = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <DepositFromWalletContent
      currency={network.network === 'ETH' ? 'ETH' : 'USDT'}
      network={network}
      onSent={onSent}
    />,
    {
      wrap: (children) => (
        <QueryClientProvider client={client}>
          <Web3Provider setup={{ config: fake.config, appChain: fake.config.chains[0] }}>
            {children}
          </Web3Provider>
        </QueryClientProvider>
      ),
    },
  );
  await act(() => fake.connectWallet());
  const line = await screen.findByTestId('deposit-from-wallet-balance');
  await waitFor(() => expect(line.dataset.state).toBe('ready'));
  return { ...fake, transfers, onSent, user };
}

const amount = () => screen.getByTestId('deposit-from-wallet-amount') as HTMLInputElement;
const submit = () => screen.getByTestId('deposit-from-wallet-submit') as HTMLButtonElement;
const sendPrompts = (prompts: string[]) => prompts.filter((p) => p === 'eth_sendTransaction');

describe('DepositFromWallet', () => {
  it('shows the wallet’s balance; Max fills it and pays it to the deposit address', async () => {
    const { user, wallet, transfers, onSent } = await setup(erc20);
    expect(screen.getByTestId('deposit-from-wallet-balance').textContent).toBe(
      'In your wallet: 1,500.50 USDT.',
    );
    // nothing typed: nothing to send
    expect(submit().disabled).toBe(true);

    await user.click(screen.getByTestId('deposit-from-wallet-max'));
    expect(amount().value).toBe('1500.5');
    expect(submit().disabled).toBe(false);
    await user.click(submit());
    await waitFor(() => expect(screen.getByTestId('deposit-tx').dataset.state).toBe('done'));
    expect(sendPrompts(wallet.prompts)).toHaveLength(1);
    expect(transfers).toEqual([{ to: DEPOSIT_ADDRESS, amount: 1_500_500_000n }]);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('refuses more than the balance before the wallet opens: inline error, submit disabled', async () => {
    const { user, wallet, transfers } = await setup(erc20);
    await user.type(amount(), '1500.51');
    expect(
      screen.getByText('This is more than your wallet holds. Enter at most 1,500.50 USDT.'),
    ).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    // Enter in the field does not send either
    await user.type(amount(), '{Enter}');
    await user.click(submit());
    expect(sendPrompts(wallet.prompts)).toEqual([]);
    expect(transfers).toEqual([]);
    expect(screen.queryByTestId('deposit-tx')).toBeNull();

    // back within the balance: the error goes, the button opens
    await user.type(amount(), '{Backspace}');
    expect(amount().value).toBe('1500.5');
    expect(screen.queryByText(/more than your wallet holds/)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('says why zero cannot be sent and keeps the button disabled', async () => {
    const { user } = await setup(erc20);
    await user.type(amount(), '0');
    expect(screen.getByText('Enter an amount greater than 0.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('ETH: Max keeps the network fee in the wallet', async () => {
    const { user } = await setup(eth);
    // the fake node gives every account 100 ETH
    expect(screen.getByTestId('deposit-from-wallet-balance').textContent).toBe(
      'In your wallet: 100.000000 ETH. Max keeps 0.002000 ETH for the network fee.',
    );
    await user.click(screen.getByTestId('deposit-from-wallet-max'));
    expect(amount().value).toBe('99.998');
  });
});
