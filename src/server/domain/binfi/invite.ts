import { hashMessage, recoverAddress, type Hex } from 'viem';
import type { AppConfig } from '../../config';
import { hotWalletAccount } from '../wallet/hd';

/**
 * The invite to a private round: a link the operator hands to a member (`binfi invite <fundId>`),
 * carrying `invite=<signature>`, the operator's (hot wallet's) signature of the round on this
 * chain. Private rounds are never listed; with a valid invite a logged-in member sees the round
 * (SupplierDetail3 / TakerDetail3) and may join it (CheckJoin, Supply / Take; the pool needs the
 * operator's pass for a private round, which the join answers). No table: whoever signs passes
 * can check an invite, and it is worth nothing once the raise has ended.
 */
const message = (chainId: number, fundId: number) => `BinFi private round ${chainId}:${fundId}`;

export type InviteConfig = Pick<AppConfig, 'chainId' | 'walletSeed'>;

export function signInvite(config: InviteConfig, fundId: number): Promise<Hex> {
  return hotWalletAccount(config.walletSeed).signMessage({
    message: message(config.chainId, fundId),
  });
}

/** Whether `invite` is the operator's invite to this round (anything unreadable is not). */
export async function isInvited(
  config: InviteConfig,
  fundId: number,
  invite: string | undefined,
): Promise<boolean> {
  if (!invite || !/^0x[0-9a-fA-F]{130}$/.test(invite)) return false;
  try {
    const signer = await recoverAddress({
      hash: hashMessage(message(config.chainId, fundId)),
      signature: invite as Hex,
    });
    return signer === hotWalletAccount(config.walletSeed).address;
  } catch {
    return false;
  }
}
