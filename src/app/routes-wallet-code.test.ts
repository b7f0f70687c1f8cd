import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchWalletCode, prefetchWalletCodeWhenIdle } from '../web3/prefetch-wallet-code';
import { routes } from './routes';

vi.mock('../web3/prefetch-wallet-code', () => ({
  prefetchWalletCode: vi.fn(async () => undefined),
  prefetchWalletCodeWhenIdle: vi.fn(),
}));
vi.mock('../i18n/lazy-namespaces', () => ({ ensureNamespaces: vi.fn(async () => undefined) }));
vi.mock('./screens/account-screen', () => ({ default: () => null }));
vi.mock('../features/auth/pages/login-page', () => ({ default: () => null }));
vi.mock('../features/kyc/pages/kyc-page', () => ({ default: () => null }));

beforeEach(() => vi.clearAllMocks());

describe('wallet code ahead of the panels that need it', () => {
  it('Account fetches the wallet code together with its screen, not after the panel mounts', async () => {
    const loading = routes.Account.screen!();
    expect(prefetchWalletCode).toHaveBeenCalledTimes(1);
    await loading;
    expect(prefetchWalletCodeWhenIdle).not.toHaveBeenCalled();
  });

  it('Login fetches it when idle after its screen loaded (wallet sign-in is one press away)', async () => {
    const loading = routes.Login.screen!();
    expect(prefetchWalletCode).not.toHaveBeenCalled();
    await loading;
    await Promise.resolve();
    expect(prefetchWalletCodeWhenIdle).toHaveBeenCalledTimes(1);
  });

  it('a screen without wallet code does not fetch it', async () => {
    await routes.Kyc.screen!();
    await Promise.resolve();
    expect(prefetchWalletCode).not.toHaveBeenCalled();
    expect(prefetchWalletCodeWhenIdle).not.toHaveBeenCalled();
  });
});
