import { UserRejectedRequestError } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { isUserRejection, runSiweFlow, type SiweActivePhase } from './siwe-flow';

const nonce = {
  nonce: 'Xk3f9PqL2mRt',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  chainId: 31337,
  statement: 'Sign in to BCNT Platform.',
  issuedAt: '2024-05-01T00:00:00.000Z',
  expirationTime: '2024-05-01T00:10:00.000Z',
};
const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function steps(overrides: Partial<Parameters<typeof runSiweFlow>[0]> = {}) {
  const phases: SiweActivePhase[] = [];
  const base = {
    purpose: 'login' as const,
    address,
    requestNonce: vi.fn(async () => nonce),
    sign: vi.fn(async () => '0xsig'),
    submit: vi.fn(async () => ({ ok: true })),
    onPhase: (phase: SiweActivePhase) => phases.push(phase),
  };
  return { ...base, ...overrides, phases };
}

describe('runSiweFlow', () => {
  it('nonce -> message -> signature -> submit, reporting each phase', async () => {
    const s = steps();
    await expect(runSiweFlow(s)).resolves.toEqual({ kind: 'done', result: { ok: true } });
    expect(s.requestNonce).toHaveBeenCalledWith('login');
    const message = vi.mocked(s.sign).mock.calls[0]![0];
    expect(message).toContain('Nonce: Xk3f9PqL2mRt');
    expect(message).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(s.submit).toHaveBeenCalledWith({ message, signature: '0xsig' });
    expect(s.phases).toEqual(['preparing', 'waiting', 'submitting']);
  });

  it('a refusal in the wallet (4001) is "cancelled" and nothing is submitted', async () => {
    const s = steps({
      sign: vi.fn(async () => {
        throw new UserRejectedRequestError(new Error('User rejected the request.'));
      }),
    });
    await expect(runSiweFlow(s)).resolves.toEqual({ kind: 'cancelled' });
    expect(s.submit).not.toHaveBeenCalled();
  });

  it('a server refusal is "failed" with the error', async () => {
    const error = Object.assign(new Error('siwe_invalid'), { status: 400 });
    const s = steps({ submit: vi.fn(async () => Promise.reject(error)) });
    await expect(runSiweFlow(s)).resolves.toEqual({ kind: 'failed', error });
  });

  it('a refused nonce is "failed" before the wallet is asked', async () => {
    const s = steps({ requestNonce: vi.fn(async () => Promise.reject(new Error('rate_limited'))) });
    await expect(runSiweFlow(s)).resolves.toMatchObject({ kind: 'failed' });
    expect(s.sign).not.toHaveBeenCalled();
    expect(s.phases).toEqual(['preparing']);
  });
});

describe('isUserRejection', () => {
  it('finds code 4001 on the error or in its cause chain', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection(new Error('wrapped', { cause: { code: 4001 } }))).toBe(true);
    expect(
      isUserRejection(new Error('x', { cause: new Error('y', { cause: { code: 4001 } }) })),
    ).toBe(true);
  });

  it('is false for other errors', () => {
    expect(isUserRejection({ code: 4100 })).toBe(false);
    expect(isUserRejection(new Error('boom'))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
  });
});
