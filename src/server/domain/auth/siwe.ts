import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { getAddress, type Hex, isAddress } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import {
  AuthError,
  type LinkedWallet,
  type LoginResult,
  type SiweNonceResult,
} from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import type { Db } from '../../db/database';
import { linkedWallets, siweNonces } from '../../db/schema';
import { AppError } from '../../errors';
import { type ActivityOrigin, logActivity } from './activity';
import { addMs, type AuthDeps, MINUTE } from './context';
import { continueLogin, type LoginOrigin } from './login';
import { loadMember } from './members';
import { confirmPassword } from './reauth';
import { sendSecurityNotice } from './security-notice';
import { verifyCurrentFactor } from './two-factor';

/**
 * Linked wallets and sign-in with Ethereum (EIP-4361). The server issues a single-use nonce
 * (10 minutes) with the domain, URI, chain id and times the message must carry; a signed message
 * is accepted only for this app's domain and origin, this chain, an unexpired unused nonce of
 * the right purpose, a lifetime of at most 10 minutes, and a valid signature (EOA or contract
 * wallet). One address belongs to one member.
 */
export const SIWE_TTL_MS = 10 * MINUTE;
/** tolerated clock difference for the message's issuedAt */
const CLOCK_SKEW_MS = MINUTE;

export type SiwePurpose = 'link' | 'login' | 'alliance';

const STATEMENTS: Record<SiwePurpose, string> = {
  link: 'Link this wallet to your BCNT Platform account.',
  login: 'Sign in to BCNT Platform with this wallet.',
  alliance:
    'Verify that this wallet holds a Bincentive Alliance NFT for your BCNT Platform account.',
};

function siweInvalid(): AppError {
  return new AppError(ErrorCode.badRequest, AuthError.siweInvalid);
}

export function siweDomain(appOrigin: string): string {
  return new URL(appOrigin).host;
}

export async function issueSiweNonce(
  deps: AuthDeps,
  purpose: SiwePurpose,
): Promise<SiweNonceResult> {
  const now = deps.clock.now();
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = addMs(now, SIWE_TTL_MS);
  await deps.db.insert(siweNonces).values({ nonce, purpose, createdAt: now, expiresAt });
  // Expired nonces are of no use to anyone.
  await deps.db.delete(siweNonces).where(lt(siweNonces.expiresAt, addMs(now, -SIWE_TTL_MS)));
  return {
    nonce,
    domain: siweDomain(deps.config.appOrigin),
    uri: deps.config.appOrigin,
    chainId: deps.config.chainId,
    statement: STATEMENTS[purpose],
    issuedAt: now.toISOString(),
    expirationTime: expiresAt.toISOString(),
  };
}

/** Check a signed message for `purpose`, spend its nonce and answer the signer's address. */
export async function verifySiwe(
  deps: AuthDeps,
  purpose: SiwePurpose,
  input: { message: string; signature: string },
): Promise<Hex> {
  const now = deps.clock.now();
  const domain = siweDomain(deps.config.appOrigin);
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(input.message);
  } catch {
    throw siweInvalid();
  }
  const { address, nonce, issuedAt, expirationTime } = fields;
  let uriOrigin: string | undefined;
  try {
    uriOrigin = fields.uri ? new URL(fields.uri).origin : undefined;
  } catch {
    uriOrigin = undefined;
  }
  if (
    !address ||
    !isAddress(address, { strict: false }) ||
    !nonce ||
    !issuedAt ||
    !expirationTime ||
    Number.isNaN(issuedAt.getTime()) ||
    Number.isNaN(expirationTime.getTime()) ||
    fields.domain !== domain ||
    uriOrigin !== deps.config.appOrigin ||
    fields.chainId !== deps.config.chainId ||
    fields.version !== '1' ||
    issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS ||
    expirationTime.getTime() - issuedAt.getTime() > SIWE_TTL_MS ||
    !validateSiweMessage({ message: fields, domain, nonce, time: now })
  ) {
    throw siweInvalid();
  }

  const [stored] = await deps.db
    .select()
    .from(siweNonces)
    .where(
      and(
        eq(siweNonces.nonce, nonce),
        eq(siweNonces.purpose, purpose),
        isNull(siweNonces.usedAt),
        gt(siweNonces.expiresAt, now),
      ),
    )
    .limit(1);
  if (!stored) throw siweInvalid();

  const signer = getAddress(address);
  const valid = await deps.signatures.verify({
    address: signer,
    message: input.message,
    signature: input.signature as Hex,
  });
  if (!valid) throw siweInvalid();

  // Spend the nonce: of two concurrent uses of one message, one wins.
  const spent = await deps.db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt)))
    .returning({ nonce: siweNonces.nonce });
  if (spent.length === 0) throw siweInvalid();
  return signer;
}

export async function listWallets(db: Db, memberId: number): Promise<{ list: LinkedWallet[] }> {
  const rows = await db
    .select()
    .from(linkedWallets)
    .where(eq(linkedWallets.memberId, memberId))
    .orderBy(asc(linkedWallets.id));
  return {
    list: rows.map((row) => ({
      address: getAddress(row.address),
      chainId: row.chainId,
      linkedAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Link the signing wallet. Re-authentication first (password, and the current factor when
 * two-step is on): a linked wallet signs in, so a session alone must not be able to add one.
 */
export async function linkWallet(
  deps: AuthDeps,
  memberId: number,
  input: { message: string; signature: string; password: string; code?: string | undefined },
  origin: ActivityOrigin,
): Promise<LinkedWallet> {
  const member = await loadMember(deps.db, memberId);
  await confirmPassword(deps, member, input.password);
  await verifyCurrentFactor(deps, member, input.code, 'code');
  const signer = await verifySiwe(deps, 'link', input);
  const address = signer.toLowerCase();
  const inserted = await deps.db
    .insert(linkedWallets)
    .values({ memberId, address, chainId: deps.config.chainId, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: linkedWallets.id });
  if (inserted.length === 0) {
    const [existing] = await deps.db
      .select({ memberId: linkedWallets.memberId })
      .from(linkedWallets)
      .where(eq(linkedWallets.address, address));
    if (existing?.memberId !== memberId) {
      throw new AppError(ErrorCode.conflict, AuthError.walletTaken, { field: 'address' });
    }
  } else {
    await logActivity(deps, {
      memberId,
      action: 'wallet_linked',
      ...origin,
      detail: { address: signer },
    });
    await sendSecurityNotice(deps, member, 'wallet_linked', origin, signer);
  }
  const { list } = await listWallets(deps.db, memberId);
  const wallet = list.find((item) => item.address === signer);
  if (!wallet) throw new Error('linked wallet not found');
  return wallet;
}

/** Unlinking needs the second factor, so 2FA must be on (`two_factor_required` otherwise). */
export async function unlinkWallet(
  deps: AuthDeps,
  memberId: number,
  input: { address: string; code: string },
  origin: ActivityOrigin,
) {
  const address = input.address.toLowerCase();
  const [linked] = await deps.db
    .select({ id: linkedWallets.id })
    .from(linkedWallets)
    .where(and(eq(linkedWallets.memberId, memberId), eq(linkedWallets.address, address)));
  if (!linked) {
    throw new AppError(ErrorCode.notFound, AuthError.walletNotLinked, { field: 'address' });
  }
  const member = await loadMember(deps.db, memberId);
  await verifyCurrentFactor(deps, member, input.code, 'code', { required: true });
  await deps.db.delete(linkedWallets).where(eq(linkedWallets.id, linked.id));
  await logActivity(deps, {
    memberId,
    action: 'wallet_unlinked',
    ...origin,
    detail: { address: getAddress(address) },
  });
  await sendSecurityNotice(deps, member, 'wallet_unlinked', origin, getAddress(address));
  return listWallets(deps.db, memberId);
}

/** siwe/login: the wallet's signature as the first factor, then as login step 1. */
export async function loginWithWallet(
  deps: AuthDeps,
  input: { message: string; signature: string },
  origin: LoginOrigin,
): Promise<LoginResult> {
  const signer = await verifySiwe(deps, 'login', input);
  const [linked] = await deps.db
    .select({ memberId: linkedWallets.memberId })
    .from(linkedWallets)
    .where(eq(linkedWallets.address, signer.toLowerCase()));
  if (!linked) throw new AppError(ErrorCode.badRequest, AuthError.walletNotLinked);
  const member = await loadMember(deps.db, linked.memberId);
  // A password reset that kept the wallets suspends them until the e-mailed link is opened.
  if (member.walletLoginSuspendedAt) {
    throw new AppError(ErrorCode.forbidden, AuthError.walletLoginSuspended);
  }
  return continueLogin(deps, member, origin, 'siwe');
}
