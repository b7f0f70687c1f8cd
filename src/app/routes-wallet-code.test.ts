import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../components/testing/mock-exports';
import * as loginPage from '../features/auth/pages/login-page';
import * as kycPage from '../features/kyc/pages/kyc-page';
import * as lazyNamespaces from '../i18n/lazy-namespaces';
import * as walletCode from '../web3/prefetch-wallet-code';
import { routes } from './routes';
import * as accountScreen from './screens/account-screen';

mockExports(walletCode, {
  prefetchWalletCode: vi.fn(async () => undefined),
  prefetchWalletCodeWhenIdle: vi.fn(),
});
mockExports(lazyNamespaces, { ensureNamespaces: vi.fn(async () => undefined) });
mockExports(accountScreen, { default: () => null });
mockExports(loginPage, { default: () => null });
mockExports(kycPage, { default: () => null });

beforeEach(() => vi.clearAllMocks());

describe('wallet code ahead of the panels that need it', () => {
  it('Account fetches the wallet code together with its screen, not after the panel mounts', async () => {
    const loading = routes.Account.screen!();
    expect(walletCode.prefetchWalletCode).toHaveBeenCalledTimes(1);
    await loading;
    expect(walletCode.prefetchWalletCodeWhenIdle).not.toHaveBeenCalled();
  });

  it('Login fetches it when idle after its screen loaded (wallet sign-in is one press away)', async () => {
    const loading = routes.Login.screen!();
    expect(walletCode.prefetchWalletCode).not.toHaveBeenCalled();
    await loading;
    await Promise.resolve();
    expect(walletCode.prefetchWalletCodeWhenIdle).toHaveBeenCalledTimes(1);
  });

  it('a screen without wallet code does not fetch it', async () => {
    await routes.Kyc.screen!();
    await Promise.resolve();
    expect(walletCode.prefetchWalletCode).not.toHaveBeenCalled();
    expect(walletCode.prefetchWalletCodeWhenIdle).not.toHaveBeenCalled();
  });
});
