import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { UserRejectedRequestError } from 'viem';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressBarStore } from '../../../components/progress-bar-store';
import {
  allianceNonce,
  checkAlliance,
  registerAlliance,
  unregisterAlliance,
  type AllianceCheckResult,
} from '../../../services/alliance';
import { ApiError } from '../../../services/http-client';
import { getLoyaltyStatus } from '../../../services/loyalty';
import { LoyaltyError } from '../../../shared/api/loyalty';
import { loyaltyStatus, renderAlliance, rememberWalletSession } from '../test-utils';
import { AlliancePanel } from './alliance-panel';

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
vi.mock('../../../web3/web3-provider', () => ({
  Web3Provider: ({ children }: { children: ReactNode }) => <>{children}</>,
}));
vi.mock('../../../services/alliance', () => ({
  allianceNonce: vi.fn(),
  checkAlliance: vi.fn(),
  registerAlliance: vi.fn(),
  unregisterAlliance: vi.fn(),
}));
vi.mock('../../../services/loyalty', () => ({ getLoyaltyStatus: vi.fn() }));

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
const registration = {
  address: ADDRESS,
  tokenId: '7',
  registeredAt: '2024-05-01T04:05:00.000Z',
};
function checkResult(overrides: Partial<AllianceCheckResult> = {}): AllianceCheckResult {
  return {
    address: ADDRESS,
    holdsNft: true,
    tokenIds: ['7'],
    registered: false,
    registeredElsewhere: false,
    ...overrides,
  };
}

const statusMock = vi.mocked(getLoyaltyStatus);
const checkMock = vi.mocked(checkAlliance);
const registerMock = vi.mocked(registerAlliance);
const unregisterMock = vi.mocked(unregisterAlliance);
const panel = () => screen.getByTestId('alliance-panel');
const panelState = () => panel().getAttribute('data-state');
const verifyState = () => screen.getByTestId('alliance-verify-status').getAttribute('data-state');

beforeEach(() => {
  vi.clearAllMocks();
  useProgressBarStore.setState({ message: null });
  wallet.address = ADDRESS;
  wallet.status = 'connected';
  wallet.signMessageAsync.mockResolvedValue('0xsigned');
  vi.mocked(allianceNonce).mockResolvedValue(nonce);
  statusMock.mockResolvedValue(loyaltyStatus());
  checkMock.mockResolvedValue(checkResult());
});

describe('AlliancePanel', () => {
  it('without a wallet: Connect loads the wallet code and opens the connect modal', async () => {
    const user = userEvent.setup();
    wallet.address = undefined;
    wallet.status = 'disconnected';
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('disconnected'));
    expect(wallet.openConnectModal).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('alliance-connect'));
    await waitFor(() => expect(wallet.openConnectModal).toHaveBeenCalledTimes(1));
    expect(panelState()).toBe('disconnected');
    expect(checkMock).not.toHaveBeenCalled();
    // the member closed the modal: the button opens it again
    await user.click(screen.getByTestId('alliance-connect'));
    expect(wallet.openConnectModal).toHaveBeenCalledTimes(2);
  });

  it('a returning wallet is checked at once; a wallet without the NFT is "not-holder"', async () => {
    rememberWalletSession();
    checkMock.mockResolvedValue(checkResult({ holdsNft: false, tokenIds: [] }));
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('not-holder'));
    expect(checkMock).toHaveBeenCalledWith(ADDRESS, expect.anything());
    expect(screen.getByTestId('alliance-not-holder').textContent).toBe(
      'This wallet holds no Alliance NFT. Connect the wallet that holds it, or check again once the NFT has arrived.',
    );
    expect(screen.queryByTestId('alliance-verify')).toBeNull();
  });

  it('shows "checking" while the check runs', async () => {
    rememberWalletSession();
    checkMock.mockReturnValue(new Promise(() => {}));
    renderAlliance(<AlliancePanel />);
    expect(await screen.findByText('Checking this wallet for an Alliance NFT…')).toBeTruthy();
    expect(panelState()).toBe('checking');
    expect(checkMock).toHaveBeenCalledTimes(1);
  });

  it('an NFT registered by another account cannot be verified here', async () => {
    rememberWalletSession();
    checkMock.mockResolvedValue(checkResult({ registeredElsewhere: true }));
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('holder'));
    expect(screen.getByTestId('alliance-taken-notice').textContent).toContain(
      'already verified by another account',
    );
    expect(screen.queryByTestId('alliance-verify')).toBeNull();
  });

  it('holder: Verify signs the alliance message, registers, and shows the verification', async () => {
    const user = userEvent.setup();
    rememberWalletSession();
    let approve!: (signature: string) => void;
    wallet.signMessageAsync.mockReturnValue(new Promise((resolve) => (approve = resolve)));
    registerMock.mockResolvedValue(registration);
    const { client } = renderAlliance(<AlliancePanel />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await waitFor(() => expect(panelState()).toBe('holder'));
    expect(screen.getByTestId('alliance-holder').textContent).toBe(
      'This wallet holds Alliance NFT #7.',
    );

    statusMock.mockResolvedValue(
      loyaltyStatus({ level: 3, roleId: 2 | 64 | 4096, allianceLevel: 3, alliance: registration }),
    );
    await user.click(screen.getByTestId('alliance-verify'));
    await waitFor(() => expect(verifyState()).toBe('waiting'));
    expect(panelState()).toBe('verifying');
    expect(screen.getByTestId('alliance-verify-status').textContent).toBe(
      'Waiting for your wallet: confirm the signature request there.',
    );
    expect(screen.getByTestId('alliance-verify').getAttribute('aria-busy')).toBe('true');
    approve('0xsigned');

    await waitFor(() => expect(panelState()).toBe('verified'));
    await waitFor(() => expect(verifyState()).toBe('done'));
    expect(screen.getByTestId('alliance-verified').textContent).toContain('#7');
    const [body] = registerMock.mock.calls[0]!;
    expect(body).toMatchObject({ address: ADDRESS, signature: '0xsigned' });
    expect(body.message).toContain('Nonce: Xk3f9PqL2mRt');
    expect(typeof body.ts).toBe('number');
    // the level is the server's: the status is fetched again, and so is the check
    await waitFor(() => expect(statusMock).toHaveBeenCalledTimes(2));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'member', 'loyaltyStatus'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'member', 'allianceCheck'] });
    expect(useProgressBarStore.getState().message?.text).toBe(
      'Alliance NFT #7 verified: level 3 applies from now.',
    );
  });

  it('a refusal in the wallet (4001) is "cancelled": nothing is registered; Try again', async () => {
    const user = userEvent.setup();
    rememberWalletSession();
    wallet.signMessageAsync.mockRejectedValueOnce(
      new UserRejectedRequestError(new Error('User rejected the request.')),
    );
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('holder'));
    await user.click(screen.getByTestId('alliance-verify'));
    await waitFor(() => expect(verifyState()).toBe('cancelled'));
    expect(screen.getByTestId('alliance-verify-status').textContent).toBe(
      'Cancelled: the signature was declined in the wallet.',
    );
    expect(panelState()).toBe('holder');
    expect(registerMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('alliance-verify').textContent).toBe('Try again');
  });

  it('a server refusal is "failed" with the translated reason (zh-TW)', async () => {
    const user = userEvent.setup();
    rememberWalletSession();
    registerMock.mockRejectedValue(
      new ApiError({ call: 'x', status: 400, httpStatus: 400, message: LoyaltyError.noNft }),
    );
    renderAlliance(<AlliancePanel />, { lng: 'zh-TW' });
    await waitFor(() => expect(panelState()).toBe('holder'));
    await user.click(screen.getByTestId('alliance-verify'));
    await waitFor(() => expect(verifyState()).toBe('failed'));
    expect(screen.getByTestId('alliance-verify-status').textContent).toBe(
      '失敗：此錢包未持有聯盟 NFT，請連接持有 NFT 的錢包。',
    );
    expect(panelState()).toBe('holder');
    expect(screen.getByTestId('alliance-verify').textContent).toBe('再試一次');
  });

  it('verified: wallet, token id, since when, level 3; Cancel asks first and unregisters', async () => {
    const user = userEvent.setup();
    statusMock.mockResolvedValue(
      loyaltyStatus({ level: 3, roleId: 2 | 64 | 4096, allianceLevel: 3, alliance: registration }),
    );
    unregisterMock.mockResolvedValue({ unregistered: true });
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('verified'));
    const verified = screen.getByTestId('alliance-verified');
    expect(verified.textContent).toContain('Verified: Alliance NFT #7');
    expect(within(verified).getByTestId('alliance-verified-address').textContent).toBe(ADDRESS);
    expect(within(verified).getByTestId('alliance-verified-since').textContent).toBe(
      '2024/05/01 12:05 (UTC+8)',
    );
    expect(verified.textContent).toContain('This verification grants loyalty level 3.');
    expect(screen.queryByTestId('alliance-kyc-note')).toBeNull();

    await user.click(screen.getByTestId('alliance-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the NFT verification?' });
    expect(dialog.textContent).toContain('Level 3 from Alliance NFT #7 ends today');
    expect(within(dialog).getByTestId('alliance-cancel-level').textContent).toBe(
      'Your member level drops from 3 to 1 today.',
    );
    expect(unregisterMock).not.toHaveBeenCalled();

    statusMock.mockResolvedValue(
      loyaltyStatus({
        allianceEnded: {
          address: ADDRESS,
          tokenId: '7',
          endedAt: '2024-05-02T00:00:00.000Z',
          reason: 'unregistered',
        },
      }),
    );
    wallet.address = undefined;
    wallet.status = 'disconnected';
    await user.click(within(dialog).getByTestId('alliance-cancel-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unregisterMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(panelState()).toBe('disconnected'));
    expect(screen.queryByTestId('alliance-transferred-notice')).toBeNull();
    expect(useProgressBarStore.getState().message?.text).toBe(
      'Your Alliance NFT verification is cancelled.',
    );
  });

  it('keeping the verification closes the dialog without a call; a refusal stays in it', async () => {
    const user = userEvent.setup();
    statusMock.mockResolvedValue(
      loyaltyStatus({ level: 4, stakeLevel: 4, allianceLevel: 3, alliance: registration }),
    );
    unregisterMock.mockRejectedValue(
      new ApiError({ call: 'x', status: 409, message: LoyaltyError.notRegistered }),
    );
    renderAlliance(<AlliancePanel />);
    await user.click(await screen.findByTestId('alliance-cancel'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('alliance-cancel-level').textContent).toBe(
      'Your member level stays 4.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the verification' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unregisterMock).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('alliance-cancel'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('alliance-cancel-confirm'));
    expect((await within(dialog).findByTestId('alliance-cancel-error')).textContent).toBe(
      'There is no active Alliance NFT verification to cancel.',
    );
    expect(panelState()).toBe('verified');
  });

  it('a registration the server cancelled after a transfer is shown clearly', async () => {
    statusMock.mockResolvedValue(
      loyaltyStatus({
        allianceEnded: {
          address: ADDRESS,
          tokenId: '7',
          endedAt: '2024-05-03T01:00:00.000Z',
          reason: 'transferred',
        },
      }),
    );
    renderAlliance(<AlliancePanel />);
    const notice = await screen.findByTestId('alliance-transferred-notice');
    expect(notice.textContent).toBe(
      `Your Alliance NFT verification has ended: NFT #7 left the wallet ${ADDRESS} on 2024/05/03, so level 3 from the NFT no longer applies. Verify again with a wallet that holds an Alliance NFT.`,
    );
  });

  it('a registration that turns null while the page is open (no reason sent) is a transfer', async () => {
    const { allianceEnded: _omitted, ...withoutEnded } = loyaltyStatus({
      level: 3,
      alliance: registration,
    });
    statusMock.mockResolvedValue(withoutEnded);
    const { client } = renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('verified'));
    expect(screen.queryByTestId('alliance-transferred-notice')).toBeNull();

    statusMock.mockResolvedValue({ ...withoutEnded, level: 1, alliance: null });
    await client.refetchQueries({ queryKey: ['api', 'member', 'loyaltyStatus'] });
    expect((await screen.findByTestId('alliance-transferred-notice')).textContent).toContain(
      `NFT #7 left the wallet ${ADDRESS}, so level 3 from the NFT no longer applies.`,
    );
  });

  it('says that level 3 from the NFT needs identity verification', async () => {
    statusMock.mockResolvedValue(loyaltyStatus({ level: 0, roleId: 2, kycVerified: false }));
    renderAlliance(<AlliancePanel />);
    expect((await screen.findByTestId('alliance-kyc-note')).textContent).toContain(
      'counts only after identity verification (level 1)',
    );
  });

  it('a failed status load is "error" with a translated message and retry', async () => {
    const user = userEvent.setup();
    statusMock.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('error'));
    expect(screen.getByTestId('alliance-status-error').textContent).toContain(
      'Network error. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(panelState()).toBe('disconnected'));
  });

  it('a failed check is "error" with retry', async () => {
    const user = userEvent.setup();
    rememberWalletSession();
    checkMock.mockRejectedValueOnce(
      new ApiError({ call: 'x', status: 500, httpStatus: 500, message: 'internal_error' }),
    );
    renderAlliance(<AlliancePanel />);
    await waitFor(() => expect(panelState()).toBe('error'));
    expect(screen.getByTestId('alliance-check-error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(panelState()).toBe('holder'));
  });
});
