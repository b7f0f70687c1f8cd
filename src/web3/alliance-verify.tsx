// The wallet part of the Alliance NFT verification (Account page). Loaded with React.lazy:
// importing this module pulls wagmi, viem's wallet code and RainbowKit (and its CSS) into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useAccount, useSignMessage } from 'wagmi';
import { allianceNonce } from '../services/alliance';
import { runSiweFlow, type SiweActivePhase, type SiweOutcome } from './siwe-flow';
import { Web3Provider } from './web3-provider';

/** What the wallet signed, ready for POST /member/loyalty/alliance/register. */
export interface AllianceSignedMessage {
  /** the signing account (checksummed, as the wallet reports it) */
  address: `0x${string}`;
  message: string;
  signature: string;
  /** the client's signing time, ms since the epoch */
  ts: number;
}

export interface AllianceVerifySteps<T> {
  /** Sends the signed message to the server (the feature's register mutation). */
  submit: (signed: AllianceSignedMessage) => Promise<T>;
  onPhase?: (phase: SiweActivePhase) => void;
}

/** The connected wallet as the Alliance panel needs it. */
export interface AllianceWallet {
  address: `0x${string}` | undefined;
  /** wagmi's account status */
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected';
  /** Opens RainbowKit's connect modal; undefined while a wallet is connected or connecting. */
  connect: (() => void) | undefined;
  /**
   * The signed-message flow of `siwe-flow.ts` with purpose `alliance`: server nonce ->
   * EIP-4361 message (every field from the nonce answer) -> personal_sign by the connected
   * account -> `submit`. Never rejects: done, cancelled (the member refused in the wallet, code
   * 4001) or failed (with the error). Without a connected account it fails at once.
   */
  verify: <T>(steps: AllianceVerifySteps<T>) => Promise<SiweOutcome<T>>;
}

export interface AllianceVerifyProps {
  /**
   * The member pressed "Connect wallet" before this chunk had loaded: open the connect modal
   * once, as soon as it can be (ignored when a wallet is connected or reconnecting).
   */
  openConnectModalOnMount?: boolean;
  /** Renders the panel's wallet-dependent part with the wallet's state. */
  children: (wallet: AllianceWallet) => ReactNode;
}

/**
 * Web3Provider + the connected wallet for the Alliance panel. The panel itself (states, the
 * check, texts) lives in `features/alliance`; this module only brings the wallet: its account,
 * the connect modal, and signing the server's message.
 */
export default function AllianceVerify({
  openConnectModalOnMount = false,
  children,
}: AllianceVerifyProps) {
  return (
    <Web3Provider>
      <AllianceWalletBridge openConnectModalOnMount={openConnectModalOnMount}>
        {children}
      </AllianceWalletBridge>
    </Web3Provider>
  );
}

function AllianceWalletBridge({ openConnectModalOnMount = false, children }: AllianceVerifyProps) {
  const { address, status } = useAccount();
  const { signMessageAsync } = useSignMessage();
  const { openConnectModal } = useConnectModal();
  const opened = useRef(false);

  useEffect(() => {
    // undefined while connected (or reconnecting to a wallet): nothing to open then
    if (!openConnectModalOnMount || opened.current || !openConnectModal) return;
    if (status !== 'disconnected') return;
    opened.current = true;
    openConnectModal();
  }, [openConnectModalOnMount, openConnectModal, status]);

  const account = status === 'connected' ? address : undefined;

  const verify = useCallback(
    async <T,>({ submit, onPhase }: AllianceVerifySteps<T>): Promise<SiweOutcome<T>> => {
      if (!account) return { kind: 'failed', error: new Error('alliance: no connected wallet') };
      return runSiweFlow({
        purpose: 'alliance',
        address: account,
        requestNonce: () => allianceNonce(),
        sign: (message) => signMessageAsync({ message, account }),
        submit: ({ message, signature }) =>
          submit({ address: account, message, signature, ts: Date.now() }),
        onPhase,
      });
    },
    [account, signMessageAsync],
  );

  const wallet = useMemo<AllianceWallet>(
    () => ({ address: account, status, connect: openConnectModal, verify }),
    [account, status, openConnectModal, verify],
  );

  return <>{children(wallet)}</>;
}
