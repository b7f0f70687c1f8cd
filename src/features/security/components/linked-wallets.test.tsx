import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressBarStore } from '../../../components/progress-bar-store';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as memberSecurity from '../../../services/member-security';
import type { LinkedWallet } from '../../../shared/api/auth';
import * as siweLink from '../../../web3/siwe-link';
import { enterCode, renderSecurity, settings } from '../test-utils';
import { LinkedWallets } from './linked-wallets';

mockExports(memberSecurity, {
  get2FASettings: vi.fn(),
  set2FASettings: vi.fn(),
  siweUnlink: vi.fn(),
  siweWallets: vi.fn(),
});

/** The wallet chunk, replaced: the flow itself is tested in src/web3/siwe-wallet-flow.test.tsx. */
mockExports(siweLink, {
  default: ({
    onLinked,
    onClose,
    confirmation,
  }: {
    onLinked: (wallet: LinkedWallet) => void;
    onClose: () => void;
    confirmation: { password: string; code?: string };
  }) => (
    <div data-testid="siwe-link-stub" data-confirmation={JSON.stringify(confirmation)}>
      <button type="button" onClick={() => onLinked(NEW_WALLET)}>
        finish
      </button>
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  ),
});

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const NEW_WALLET: LinkedWallet = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 31337,
  linkedAt: '2024-05-02T00:00:00.000Z',
};
const walletsMock = vi.mocked(memberSecurity.siweWallets);
const unlinkMock = vi.mocked(memberSecurity.siweUnlink);

beforeEach(() => {
  vi.clearAllMocks();
  useProgressBarStore.setState({ message: null });
  walletsMock.mockResolvedValue([
    { address: ADDRESS, chainId: 31337, linkedAt: '2024-05-01T04:05:00.000Z' },
  ]);
  vi.mocked(memberSecurity.get2FASettings).mockResolvedValue(settings({ method: 'totp' }));
});

describe('LinkedWallets', () => {
  it('lists linked addresses in short form with the full address for screen readers, and copies it', async () => {
    const user = userEvent.setup();
    renderSecurity(<LinkedWallets />);
    const row = await screen.findByTestId('linked-wallet-row');
    expect(row.textContent).toContain('0xf39F…2266');
    expect(row.textContent).toContain(ADDRESS);
    expect(row.textContent).toContain('Linked 2024/05/01 12:05 (UTC+8)');
    await user.click(within(row).getByRole('button', { name: 'Copy the address 0xf39F…2266' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(within(row).getByTestId('linked-wallet-copy').textContent).toBe('Copied');
  });

  it('says what to do when no wallet is linked', async () => {
    walletsMock.mockResolvedValue([]);
    renderSecurity(<LinkedWallets />);
    expect((await screen.findByTestId('linked-wallets-empty')).textContent).toContain(
      'Link your browser wallet to log in with it.',
    );
  });

  it('unlinking needs the authenticator code; the list reloads after', async () => {
    const user = userEvent.setup();
    unlinkMock.mockResolvedValue([]);
    renderSecurity(<LinkedWallets />);
    await user.click(await screen.findByTestId('linked-wallet-unlink'));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this wallet?' });
    const submit = within(dialog).getByTestId('unlink-submit') as HTMLButtonElement;
    await within(dialog).findByTestId('unlink-code');
    expect(submit.disabled).toBe(true);
    await enterCode(user, 'unlink-code', '123456');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unlinkMock).toHaveBeenCalledWith({ address: ADDRESS, code: '123456' });
    expect(await screen.findByTestId('linked-wallets-empty')).toBeTruthy();
    expect(useProgressBarStore.getState().message?.text).toBe('Wallet 0xf39F…2266 unlinked.');
  });

  it('with SMS, the code is sent first; a wrong code is shown translated', async () => {
    const user = userEvent.setup();
    vi.mocked(memberSecurity.get2FASettings).mockResolvedValue(settings({ method: 'sms' }));
    vi.mocked(memberSecurity.set2FASettings).mockResolvedValue({
      settings: settings({ method: 'sms' }),
      totp: null,
      sms: { resendAfter: 60, sentTo: '+8869****678' },
    });
    unlinkMock.mockRejectedValue(
      new ApiError({ call: 'x', status: 400, message: 'The code is wrong.' }),
    );
    renderSecurity(<LinkedWallets />);
    await user.click(await screen.findByTestId('linked-wallet-unlink'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('unlink-code')).toBeNull();
    await user.click(within(dialog).getByTestId('unlink-sms-send'));
    expect(vi.mocked(memberSecurity.set2FASettings)).toHaveBeenCalledWith({ action: 'send-sms' });
    await enterCode(user, 'unlink-code', '654321');
    await user.click(within(dialog).getByTestId('unlink-submit'));
    expect(await within(dialog).findByText('The code is wrong.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('without two-step verification it explains that unlinking needs it', async () => {
    const user = userEvent.setup();
    vi.mocked(memberSecurity.get2FASettings).mockResolvedValue(settings({ method: 'none' }));
    renderSecurity(<LinkedWallets />);
    await user.click(await screen.findByTestId('linked-wallet-unlink'));
    expect((await screen.findByTestId('unlink-needs-two-step')).textContent).toContain(
      'Turn on two-step verification first.',
    );
    expect(screen.queryByTestId('unlink-submit')).toBeNull();
  });

  it('"Link connected wallet" asks for the password and the current code, then loads the wallet flow; a linked wallet reloads the list', async () => {
    const user = userEvent.setup();
    renderSecurity(<LinkedWallets />);
    await screen.findByTestId('linked-wallet-row');
    expect(walletsMock).toHaveBeenCalledTimes(1);
    await user.click(screen.getByTestId('link-wallet'));
    // re-authentication first: nothing of the wallet loads before it
    const confirm = await screen.findByTestId('link-wallet-confirm');
    expect(confirm.textContent).toContain('A linked wallet can log in to your account');
    expect(screen.queryByTestId('siwe-link-stub')).toBeNull();
    const next = screen.getByTestId('link-wallet-continue') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.type(screen.getByTestId('link-wallet-password'), 'Passw0rd-me');
    expect(next.disabled).toBe(true); // the authenticator's code too (two-step is on)
    await enterCode(user, 'link-wallet-code', '123456');
    await user.click(next);
    const flow = await screen.findByTestId('siwe-link-stub');
    expect(JSON.parse(flow.getAttribute('data-confirmation') ?? '')).toEqual({
      password: 'Passw0rd-me',
      code: '123456',
    });
    expect(screen.queryByTestId('link-wallet')).toBeNull();
    walletsMock.mockResolvedValue([
      { address: ADDRESS, chainId: 31337, linkedAt: '2024-05-01T04:05:00.000Z' },
      NEW_WALLET,
    ]);
    await user.click(within(flow).getByRole('button', { name: 'finish' }));
    await waitFor(() => expect(screen.getAllByTestId('linked-wallet-row')).toHaveLength(2));
    expect(useProgressBarStore.getState().message?.text).toBe('Wallet 0x7099…79C8 linked.');
    await user.click(within(flow).getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('siwe-link-stub')).toBeNull();
    expect(screen.getByTestId('link-wallet')).toBeTruthy();
  });
});
