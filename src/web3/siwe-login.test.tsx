import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../components/testing/render';
import { siweLogin, siweNonce } from '../services/member-security';
import type { LoginResult } from '../shared/api/auth';
import SiweLogin from './siwe-login';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const signMessageAsync = vi.hoisted(() => vi.fn(async () => '0xsigned'));
vi.mock('wagmi', () => ({
  useAccount: () => ({ address: ADDRESS, status: 'connected' }),
  useSignMessage: () => ({ signMessageAsync }),
}));
vi.mock('@rainbow-me/rainbowkit', () => ({ useConnectModal: () => ({}) }));
vi.mock('./web3-provider', () => ({
  Web3Provider: ({ children }: { children: ReactNode }) => <>{children}</>,
}));
vi.mock('../services/member-security', () => ({ siweNonce: vi.fn(), siweLogin: vi.fn() }));

const result: LoginResult = {
  result: 'second_factor',
  method: 'totp',
  ticket: 'ticket-0123456789abcdef',
  sentTo: null,
};

beforeEach(() => {
  vi.mocked(siweNonce).mockResolvedValue({
    nonce: 'Xk3f9PqL2mRt',
    domain: 'localhost:5173',
    uri: 'http://localhost:5173',
    chainId: 31337,
    statement: 'Sign in to BCNT Platform.',
    issuedAt: '2024-05-01T00:00:00.000Z',
    expirationTime: '2024-05-01T00:10:00.000Z',
  });
  vi.mocked(siweLogin).mockResolvedValue(result);
});

describe('SiweLogin', () => {
  it('signs a login message and hands the parsed login answer to onResult', async () => {
    const onResult = vi.fn();
    renderWithProviders(<SiweLogin onResult={onResult} />);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(result));
    expect(siweNonce).toHaveBeenCalledWith('login');
    expect(vi.mocked(siweLogin).mock.calls[0]![0]).toMatchObject({ signature: '0xsigned' });
    expect(screen.getByTestId('siwe-login-status').textContent).toBe('Done: signature accepted.');
  });
});
