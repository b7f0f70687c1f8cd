import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UserRejectedRequestError } from 'viem';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allianceNonce } from '../services/alliance';
import AllianceVerify, { type AllianceWallet } from './alliance-verify';

/** The wallet (wagmi), the connect modal and the providers are replaced; the flow is real. */
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
vi.mock('./web3-provider', () => ({
  Web3Provider: ({ children }: { children: ReactNode }) => <>{children}</>,
}));
vi.mock('../services/alliance', () => ({ allianceNonce: vi.fn() }));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const nonce = {
  nonce: 'Xk3f9PqL2mRt',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  chainId: 31337,
  statement:
    'Verify that this wallet holds a Bincentive Alliance NFT for your BCNT Platform account.',
  issuedAt: '2024-05-01T00:00:00.000Z',
  expirationTime: '2024-05-01T00:10:00.000Z',
};

/** Renders the module and hands out the latest wallet object it gave its children. */
function renderWallet(openConnectModalOnMount = false) {
  const latest: { current?: AllianceWallet } = {};
  const view = render(
    <AllianceVerify openConnectModalOnMount={openConnectModalOnMount}>
      {(current) => {
        latest.current = current;
        return <p data-testid="wallet-state">{current.address ?? current.status}</p>;
      }}
    </AllianceVerify>,
  );
  return { ...view, wallet: () => latest.current! };
}

beforeEach(() => {
  vi.clearAllMocks();
  wallet.address = ADDRESS;
  wallet.status = 'connected';
  vi.mocked(allianceNonce).mockResolvedValue(nonce);
  wallet.signMessageAsync.mockResolvedValue('0xsigned');
});

describe('AllianceVerify (wallet part of the Alliance panel)', () => {
  it('verify: alliance nonce -> EIP-4361 message -> personal_sign by the account -> submit', async () => {
    const { wallet: current } = renderWallet();
    expect(screen.getByTestId('wallet-state').textContent).toBe(ADDRESS);
    const phases: string[] = [];
    const submit = vi.fn(async () => ({ tokenId: '1' }));
    const before = Date.now();
    const outcome = await current().verify({ submit, onPhase: (phase) => phases.push(phase) });

    expect(outcome).toEqual({ kind: 'done', result: { tokenId: '1' } });
    expect(phases).toEqual(['preparing', 'waiting', 'submitting']);
    expect(allianceNonce).toHaveBeenCalledTimes(1);
    const [{ message, account }] = wallet.signMessageAsync.mock.calls[0]!;
    expect(account).toBe(ADDRESS);
    expect(message).toContain(`${ADDRESS}\n`);
    expect(message).toContain(nonce.statement);
    expect(message).toContain('Nonce: Xk3f9PqL2mRt');
    const [signed] = submit.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(signed).toMatchObject({ address: ADDRESS, message, signature: '0xsigned' });
    expect(signed.ts).toBeGreaterThanOrEqual(before);
    expect(signed.ts).toBeLessThanOrEqual(Date.now());
  });

  it('a refusal in the wallet (4001) is cancelled and nothing is submitted', async () => {
    wallet.signMessageAsync.mockRejectedValue(
      new UserRejectedRequestError(new Error('User rejected the request.')),
    );
    const { wallet: current } = renderWallet();
    const submit = vi.fn();
    await expect(current().verify({ submit })).resolves.toEqual({ kind: 'cancelled' });
    expect(submit).not.toHaveBeenCalled();
  });

  it('without a connected account verify fails at once, before any nonce is spent', async () => {
    wallet.address = undefined;
    wallet.status = 'disconnected';
    const { wallet: current } = renderWallet();
    await expect(current().verify({ submit: vi.fn() })).resolves.toMatchObject({
      kind: 'failed',
    });
    expect(allianceNonce).not.toHaveBeenCalled();
  });

  it('opens the connect modal once on mount when asked and no wallet is connected', async () => {
    wallet.address = undefined;
    wallet.status = 'disconnected';
    const { wallet: current, rerender } = renderWallet(true);
    await waitFor(() => expect(wallet.openConnectModal).toHaveBeenCalledTimes(1));
    expect(current().connect).toBe(wallet.openConnectModal);
    rerender(
      <AllianceVerify openConnectModalOnMount>
        {() => <p data-testid="again">again</p>}
      </AllianceVerify>,
    );
    expect(wallet.openConnectModal).toHaveBeenCalledTimes(1);
  });

  it('does not open the modal by itself for a returning (connected) wallet', () => {
    const { wallet: current } = renderWallet(false);
    expect(wallet.openConnectModal).not.toHaveBeenCalled();
    expect(current().connect).toBeUndefined();
    expect(current().status).toBe('connected');
  });
});
