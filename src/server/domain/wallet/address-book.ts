import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import type { WalletCurrency } from '../../../shared/api/wallet';
import {
  type AddAddressBody,
  type AddressList,
  type SavedAddress,
  WithdrawError,
} from '../../../shared/api/wallet-withdraw';
import { isNetworkAllowed, type WithdrawalNetworkId } from '../../../shared/constants/networks';
import {
  checkWithdrawalAddress,
  MAX_SAVED_ADDRESSES,
  normalizeWithdrawalAddress,
} from '../../../shared/validation/address';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';
import { withdrawalAddresses } from '../../db/schema/withdrawal';
import { AppError, validationError } from '../../errors';
import type { AuthDeps } from '../auth/context';
import { loadMember, type MemberRow } from '../auth/members';
import type { ActivityOrigin } from '../auth/activity';
import { confirmPassword } from '../auth/reauth';
import { sendSecurityNotice } from '../auth/security-notice';
import { verifyCurrentFactor } from '../auth/two-factor';

/**
 * The saved-address book of withdrawals (spec sections 3, 5, 9; `/api/v1/user/address`).
 *
 * - At most MAX_SAVED_ADDRESSES (10) per member, counted over every currency (decision: the
 *   spec's "per address book" is the member's one book; the `/wallet/management/{currency}`
 *   page and the Security tab are two views of it). The count is checked again under a lock
 *   of the member row, so concurrent adds cannot pass 10.
 * - Name 1-30 characters (trimmed); only allowed currency + network pairs; the address checked
 *   per network (spec messages, real checksums) and stored normalised (EIP-55, lower-case
 *   bech32), so one address has one spelling and is saved once per currency and network.
 * - Adding needs the member's second factor (SMS or authenticator; spent once) and is refused
 *   (`withdrawal_locked`, 403) during the 24-hour lock after a two-step or password change. A member
 *   without two-step verification cannot add (`two_factor_not_enabled`: enable it first).
 *   Deleting and choosing the default need only the session (they cannot send money anywhere
 *   new).
 * - One default per member, currency and network: setting one clears the others in the same
 *   transaction; a partial unique index backs it.
 */

export function toSavedAddress(row: typeof withdrawalAddresses.$inferSelect): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    network: row.network as WithdrawalNetworkId,
    address: row.address,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAddresses(
  db: Db,
  memberId: number,
  currency?: WalletCurrency,
): Promise<AddressList> {
  const rows = await db
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.memberId, memberId))
    .orderBy(asc(withdrawalAddresses.id));
  return {
    items: rows.filter((row) => !currency || row.currency === currency).map(toSavedAddress),
    count: rows.length,
    max: MAX_SAVED_ADDRESSES,
  };
}

/** A saved address of the member, or `address_not_found` (404). */
export async function savedAddressOf(
  db: Db,
  memberId: number,
  id: number,
): Promise<typeof withdrawalAddresses.$inferSelect> {
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.memberId, memberId)));
  if (!row) throw new AppError(ErrorCode.notFound, WithdrawError.addressNotFound, { field: 'id' });
  return row;
}

/** The member must have two-step verification on (withdrawals and address changes). */
export function requireTwoFactorOn(member: MemberRow, field = 'code'): void {
  if (member.twoFactorMethod === 'none') {
    throw new AppError(ErrorCode.forbidden, WithdrawError.twoFactorNotEnabled, { field });
  }
}

/**
 * No new address for 24 hours after a two-step or password change (the withdrawal lock): a
 * stolen session that changed the password cannot add its own address and wait there.
 */
export function assertAddressesUnlocked(member: MemberRow, now: Date): void {
  if (member.withdrawalLockedUntil && member.withdrawalLockedUntil > now) {
    throw new AppError(ErrorCode.forbidden, WithdrawError.locked, {
      lockedUntil: member.withdrawalLockedUntil.toISOString(),
    });
  }
}

/** Network and address rules shared with Withdraw: the normalised address, or a refusal. */
export function checkDestination(
  currency: WalletCurrency,
  network: WithdrawalNetworkId,
  address: string,
): string {
  if (!isNetworkAllowed(currency, network)) {
    throw new AppError(ErrorCode.badRequest, WithdrawError.networkNotAllowed, {
      field: 'network',
    });
  }
  const problem = checkWithdrawalAddress(network, address);
  if (problem) throw validationError([{ field: 'address', message: problem }]);
  return normalizeWithdrawalAddress(network, address);
}

async function lockMember(tx: Db, memberId: number): Promise<void> {
  await tx.execute(
    sql`select ${members.id} from ${members} where ${members.id} = ${memberId} for update`,
  );
}

async function savedCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.memberId, memberId));
  return row?.n ?? 0;
}

function bookFull(): AppError {
  return new AppError(ErrorCode.conflict, WithdrawError.addressBookFull, {
    max: MAX_SAVED_ADDRESSES,
  });
}

function duplicate(): AppError {
  return new AppError(ErrorCode.conflict, WithdrawError.addressDuplicate, { field: 'address' });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** POST /user/address. */
export async function addAddress(
  deps: AuthDeps,
  memberId: number,
  body: AddAddressBody,
  origin: ActivityOrigin,
): Promise<SavedAddress> {
  const member = await loadMember(deps.db, memberId);
  requireTwoFactorOn(member);
  assertAddressesUnlocked(member, deps.clock.now());
  const address = checkDestination(body.currency, body.network, body.address);
  if ((await savedCount(deps.db, memberId)) >= MAX_SAVED_ADDRESSES) throw bookFull();
  const [existing] = await deps.db
    .select({ id: withdrawalAddresses.id })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.memberId, memberId),
        eq(withdrawalAddresses.currency, body.currency),
        eq(withdrawalAddresses.network, body.network),
        eq(withdrawalAddresses.address, address),
      ),
    );
  if (existing) throw duplicate();

  // Re-authentication (the password), then the factor, spent outside the insert's
  // transaction so a wrong code counts as an attempt.
  await confirmPassword(deps, member, body.password);
  await verifyCurrentFactor(deps, member, body.code, 'code', { required: true });

  let saved: SavedAddress;
  try {
    saved = await deps.db.transaction(async (txHandle) => {
      const tx = txHandle as unknown as Db;
      await lockMember(tx, memberId);
      if ((await savedCount(tx, memberId)) >= MAX_SAVED_ADDRESSES) throw bookFull();
      if (body.isDefault) {
        await tx
          .update(withdrawalAddresses)
          .set({ isDefault: false })
          .where(
            and(
              eq(withdrawalAddresses.memberId, memberId),
              eq(withdrawalAddresses.currency, body.currency),
              eq(withdrawalAddresses.network, body.network),
              eq(withdrawalAddresses.isDefault, true),
            ),
          );
      }
      const [row] = await tx
        .insert(withdrawalAddresses)
        .values({
          memberId,
          name: body.name,
          currency: body.currency,
          network: body.network,
          address,
          isDefault: body.isDefault ?? false,
          createdAt: deps.clock.now(),
        })
        .returning();
      return toSavedAddress(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  await sendSecurityNotice(
    deps,
    member,
    'withdrawal_address_added',
    origin,
    `${saved.name}, ${saved.currency} on ${saved.network}, ${saved.address}`,
  );
  return saved;
}

/** DELETE /user/address: answers the remaining list. */
export async function deleteAddress(db: Db, memberId: number, id: number): Promise<AddressList> {
  const deleted = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.memberId, memberId)))
    .returning({ id: withdrawalAddresses.id });
  if (deleted.length === 0) {
    throw new AppError(ErrorCode.notFound, WithdrawError.addressNotFound, { field: 'id' });
  }
  return listAddresses(db, memberId);
}

/** PATCH /user/address/default: this address becomes its currency + network's only default. */
export async function setDefaultAddress(
  db: Db,
  memberId: number,
  id: number,
): Promise<AddressList> {
  await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    await lockMember(tx, memberId);
    const row = await savedAddressOf(tx, memberId, id);
    await tx
      .update(withdrawalAddresses)
      .set({ isDefault: false })
      .where(
        and(
          eq(withdrawalAddresses.memberId, memberId),
          eq(withdrawalAddresses.currency, row.currency),
          eq(withdrawalAddresses.network, row.network),
          ne(withdrawalAddresses.id, id),
        ),
      );
    await tx
      .update(withdrawalAddresses)
      .set({ isDefault: true })
      .where(eq(withdrawalAddresses.id, id));
  });
  return listAddresses(db, memberId);
}
