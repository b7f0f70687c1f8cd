import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserRejectedRequestError } from 'viem';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../components/testing/render';
import { ApiError } from '../services/http-client';
import { siweNonce } from '../services/member-security';
import { SiweWalletFlow } from './siwe-wallet-flow';

/** The signer and the connect modal are replaced; the flow and its states are real. */
const wallet = vi.hoisted(() => ({
  address: undefined as `0x${string}` | undefined,
  status: 'disconnected' as 'connected' | 'disconnected' | 'connecting' | 'reconnecting',
  signMessageAsync: vi.fn<(args: { message: string; account: string }) => Promise<string>>(),
  openConnectModal: vi.fn(),
}));
vi.mock('wagmi', () => ({
  useAccount: () => ({ address: wallet.address, status: wallet.status }),
  useSignMessage: () => ({ signMessageAsync: wallet.signMessageAsync }),
}));
vi.mock('@rainbow-me/rainbowkit', () => ({
  useConnectModal: () => ({
    openConnectModal: wallet.status === 'disconnected' ? wallet.openConnectModal : undefined,
  }),
}));
vi.mock('../services/member-security', () => ({ siweNonce: vi.fn() }));

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const nonce = {
  nonce: 'Xk3f9PqL2mRt',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  chainId: 31337,
  statement: 'Link this wallet to your BCNT Platform account.',
  issuedAt: '2024-05-01T00:00:00.000Z',
  expirationTime: '2024-05-01T00:10:00.000Z',
};
const nonceMock = vi.mocked(siweNonce);
const status = () => screen.getByTestId('link-wallet-status');

function renderFlow(submit = vi.fn(async () => ({ address: ADDRESS }))) {
  const onDone = vi.fn();
  const onFailed = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <SiweWalletFlow
      purpose="link"
      submit={submit}
      onDone={onDone}
      onFailed={onFailed}
      onClose={onClose}
      testIdPrefix="link-wallet"
    />,
  );
  return { ...view, submit, onDone, onFailed, onClose };
}

beforeEach(() => {
  vi.clearAllMocks();
  wallet.address = ADDRESS;
  wallet.status = 'connected';
  nonceMock.mockResolvedValue(nonce);
  wallet.signMessageAsync.mockResolvedValue('0xsigned');
});

describe('SiweWalletFlow', () => {
  it('with a connected wallet: nonce (link) -> message -> signature -> submit -> Done', async () => {
    const { submit, onDone } = renderFlow();
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('done'));
    expect(status().textContent).toBe('Done: the wallet is linked to your account.');
    expect(nonceMock).toHaveBeenCalledWith('link');
    const [{ message, account }] = wallet.signMessageAsync.mock.calls[0]!;
    expect(account).toBe(ADDRESS);
    expect(message).toContain(`${ADDRESS}\n`);
    expect(message).toContain('Nonce: Xk3f9PqL2mRt');
    expect(message).toContain('Chain ID: 31337');
    expect(submit).toHaveBeenCalledWith({ message, signature: '0xsigned' });
    expect(onDone).toHaveBeenCalledWith({ address: ADDRESS });
    expect(screen.getByTestId('link-wallet-close').textContent).toBe('Close');
  });

  it('shows Waiting while the wallet asks', async () => {
    let approve!: (signature: string) => void;
    wallet.signMessageAsync.mockReturnValue(new Promise((resolve) => (approve = resolve)));
    renderFlow();
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('waiting'));
    expect(status().textContent).toBe(
      'Waiting for your wallet: confirm the signature request there.',
    );
    expect(screen.getByTestId('link-wallet-sign').getAttribute('aria-busy')).toBe('true');
    approve('0xsigned');
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('done'));
  });

  it('a refusal in the wallet (4001) is Cancelled, not an error; Try again signs anew', async () => {
    const user = userEvent.setup();
    wallet.signMessageAsync.mockRejectedValueOnce(
      new UserRejectedRequestError(new Error('User rejected the request.')),
    );
    const { submit, onFailed } = renderFlow();
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('cancelled'));
    expect(status().textContent).toBe('Cancelled: the signature was declined in the wallet.');
    expect(submit).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('link-wallet-retry'));
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('done'));
    expect(nonceMock).toHaveBeenCalledTimes(2); // a fresh single-use nonce
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('a server refusal is Failed with the translated reason', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError({ call: 'x', status: 409, message: 'wallet_taken' });
    });
    const { onFailed } = renderFlow(submit);
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('failed'));
    expect(status().textContent).toBe('Failed: This wallet is already linked to another account.');
    expect(onFailed).toHaveBeenCalledWith('This wallet is already linked to another account.');
    expect(screen.getByTestId('link-wallet-retry')).toBeTruthy();
  });

  it('without a wallet it opens the connect modal once and starts when one connects', async () => {
    const user = userEvent.setup();
    wallet.address = undefined;
    wallet.status = 'disconnected';
    const view = renderFlow();
    expect(wallet.openConnectModal).toHaveBeenCalledTimes(1);
    expect(status().getAttribute('data-state')).toBe('disconnected');
    expect(status().textContent).toBe('Connect a wallet to continue.');
    // the member closed the modal: the button opens it again
    await user.click(screen.getByTestId('link-wallet-connect'));
    expect(wallet.openConnectModal).toHaveBeenCalledTimes(2);
    expect(nonceMock).not.toHaveBeenCalled();

    wallet.address = ADDRESS;
    wallet.status = 'connected';
    view.rerender(
      <SiweWalletFlow
        purpose="link"
        submit={view.submit}
        onDone={view.onDone}
        testIdPrefix="link-wallet"
      />,
    );
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('done'));
    expect(wallet.openConnectModal).toHaveBeenCalledTimes(2);
  });
});
