import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Address, getAddress, isAddressEqual } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import {
  type AllianceCheckResult,
  type AllianceRegistration,
  LoyaltyError,
} from '../../../shared/api/loyalty';
import { type AllianceNftReader, ChainUnavailableError } from '../../chain/alliance-nft';
import type { Db } from '../../db/database';
import { allianceRegistrations } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthDeps } from '../auth/context';
import { verifySiwe } from '../auth/siwe';

/**
 * Alliance NFT registrations (level 3). A member proves with an EIP-4361 message (server nonce
 * of purpose `alliance`, EOA or ERC-1271 wallet) that an address is theirs; the address must hold
 * an Alliance NFT on chain at that moment. One active registration per member and per address.
 * A registration ends when the member unregisters, or when the indexer sees the registered token
 * leave the registered address (reason `transferred`, in the indexer's transaction): the level
 * drops at once, since levels are derived on read.
 *
 * Decisions: the registration records the lowest token id the address holds; registering
 * another address replaces the member's registration (the old one ends as `unregistered`);
 * registering the same address again while it still holds the token keeps the registration.
 */

export interface AllianceDeps extends AuthDeps {
  allianceNft: AllianceNftReader;
}

type RegistrationRow = typeof allianceRegistrations.$inferSelect;

function chainUnavailable(): AppError {
  return new AppError(ErrorCode.upstreamUnavailable, ErrorMessage.chainUnavailable);
}

async function tokensOf(deps: AllianceDeps, address: Address) {
  try {
    return await deps.allianceNft.tokensOf(address);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw chainUnavailable();
    throw error;
  }
}

async function activeForAddress(db: Db, chainId: number, address: string) {
  const [row] = await db
    .select()
    .from(allianceRegistrations)
    .where(
      and(
        eq(allianceRegistrations.chainId, chainId),
        eq(allianceRegistrations.address, address),
        isNull(allianceRegistrations.cancelledAt),
      ),
    )
    .limit(1);
  return row;
}

function toRegistration(row: RegistrationRow): AllianceRegistration {
  return {
    address: getAddress(row.address),
    tokenId: row.tokenId,
    registeredAt: row.registeredAt.toISOString(),
  };
}

/** GET check: does the address hold an Alliance NFT now, and who registered it. */
export async function checkAlliance(
  deps: AllianceDeps,
  memberId: number,
  address: string,
): Promise<AllianceCheckResult> {
  const checksum = getAddress(address);
  const [{ tokenIds }, registration] = await Promise.all([
    tokensOf(deps, checksum),
    activeForAddress(deps.db, deps.config.chainId, checksum.toLowerCase()),
  ]);
  return {
    address: checksum,
    holdsNft: tokenIds.length > 0,
    tokenIds: tokenIds.map(String),
    registered: registration?.memberId === memberId,
    registeredElsewhere: registration !== undefined && registration.memberId !== memberId,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

function taken(): AppError {
  return new AppError(ErrorCode.conflict, LoyaltyError.taken, { field: 'address' });
}

/** POST register: signed message -> signer = address -> holds an NFT on chain -> store. */
export async function registerAlliance(
  deps: AllianceDeps,
  memberId: number,
  input: { address: string; message: string; signature: string },
): Promise<AllianceRegistration> {
  // The message must name the address the member asked to register (checked before the nonce
  // is spent, so a client mistake costs nothing).
  let messageAddress: string | undefined;
  try {
    messageAddress = parseSiweMessage(input.message).address;
  } catch {
    messageAddress = undefined;
  }
  if (messageAddress && !isAddressEqual(messageAddress as Address, input.address as Address)) {
    throw new AppError(ErrorCode.badRequest, LoyaltyError.addressMismatch, { field: 'address' });
  }
  const signer = await verifySiwe(deps, 'alliance', input);
  if (!isAddressEqual(signer, input.address as Address)) {
    throw new AppError(ErrorCode.badRequest, LoyaltyError.addressMismatch, { field: 'address' });
  }

  const { blockNumber, tokenIds } = await tokensOf(deps, signer);
  if (tokenIds.length === 0) {
    throw new AppError(ErrorCode.badRequest, LoyaltyError.noNft, { field: 'address' });
  }
  const tokenId = tokenIds.reduce((min, id) => (id < min ? id : min)).toString();
  const address = signer.toLowerCase();
  const chainId = deps.config.chainId;
  const now = deps.clock.now();

  try {
    return await deps.db.transaction(async (tx) => {
      const holder = await activeForAddress(tx, chainId, address);
      if (holder && holder.memberId !== memberId) throw taken();
      if (holder && tokenIds.some((id) => id.toString() === holder.tokenId)) {
        return toRegistration(holder);
      }
      // The member's current registration (another address, or this one without its token).
      await tx
        .update(allianceRegistrations)
        .set({ cancelledAt: now, cancelReason: 'unregistered' })
        .where(
          and(
            eq(allianceRegistrations.memberId, memberId),
            isNull(allianceRegistrations.cancelledAt),
          ),
        );
      const [row] = await tx
        .insert(allianceRegistrations)
        .values({
          memberId,
          chainId,
          address,
          tokenId,
          registeredAt: now,
          registeredBlock: blockNumber,
        })
        .returning();
      if (!row) throw new Error('registration not stored');
      return toRegistration(row);
    });
  } catch (error) {
    // another member registered the address at the same moment
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** PATCH unregister: end the member's active registration now. */
export async function unregisterAlliance(
  deps: Pick<AllianceDeps, 'db' | 'clock'>,
  memberId: number,
): Promise<{ unregistered: true }> {
  const ended = await deps.db
    .update(allianceRegistrations)
    .set({ cancelledAt: deps.clock.now(), cancelReason: 'unregistered' })
    .where(
      and(eq(allianceRegistrations.memberId, memberId), isNull(allianceRegistrations.cancelledAt)),
    )
    .returning({ id: allianceRegistrations.id });
  if (ended.length === 0) {
    throw new AppError(ErrorCode.notFound, LoyaltyError.notRegistered);
  }
  return { unregistered: true };
}

// ---- called by the chain indexer inside its transaction ---------------------------------------

/**
 * Newly indexed Alliance NFT transfers: a registration whose token left its address in a block
 * after the one that proved ownership ends (reason `transferred`, at the block's time).
 */
export async function cancelTransferredRegistrations(
  tx: Db,
  chainId: number,
  transfers: { from: string; tokenId: string; blockNumber: number; blockTime: Date }[],
): Promise<number> {
  let cancelled = 0;
  for (const transfer of transfers) {
    const rows = await tx
      .update(allianceRegistrations)
      .set({
        // never before the registration itself (block timestamps are whole seconds)
        cancelledAt: sql`greatest(${transfer.blockTime}, ${allianceRegistrations.registeredAt})`,
        cancelReason: 'transferred',
        cancelBlock: transfer.blockNumber,
      })
      .where(
        and(
          eq(allianceRegistrations.chainId, chainId),
          eq(allianceRegistrations.address, transfer.from),
          eq(allianceRegistrations.tokenId, transfer.tokenId),
          isNull(allianceRegistrations.cancelledAt),
          lt(allianceRegistrations.registeredBlock, transfer.blockNumber),
        ),
      )
      .returning({ id: allianceRegistrations.id });
    cancelled += rows.length;
  }
  return cancelled;
}

/**
 * A reorg back to `block`: registrations ended by transfers in orphaned blocks become active
 * again (unless the member or the address has registered anew meanwhile); re-indexing the new
 * chain ends them again if the transfer is on it too. Active registrations proven at an orphaned
 * block count transfers from the fork point on.
 */
export async function restoreTransferredRegistrations(
  tx: Db,
  chainId: number,
  block: number,
): Promise<void> {
  const candidates = await tx
    .select({ id: allianceRegistrations.id })
    .from(allianceRegistrations)
    .where(
      and(
        eq(allianceRegistrations.chainId, chainId),
        eq(allianceRegistrations.cancelReason, 'transferred'),
        gt(allianceRegistrations.cancelBlock, block),
      ),
    )
    .orderBy(desc(allianceRegistrations.id));
  for (const { id } of candidates) {
    await tx.execute(sql`
      update ${allianceRegistrations} r
      set cancelled_at = null, cancel_reason = null, cancel_block = null
      where r.id = ${id}
        and not exists (
          select 1 from ${allianceRegistrations} o
          where o.cancelled_at is null
            and (o.member_id = r.member_id or (o.chain_id = r.chain_id and o.address = r.address))
        )`);
  }
  await tx
    .update(allianceRegistrations)
    .set({ registeredBlock: block })
    .where(
      and(
        eq(allianceRegistrations.chainId, chainId),
        isNull(allianceRegistrations.cancelledAt),
        gt(allianceRegistrations.registeredBlock, block),
      ),
    );
}
