import { and, asc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  KycError,
  PREMIER_STATES,
  type PremierState,
  type kyc2BodySchema,
} from '../../../shared/api/kyc';
import { isKycVerified } from '../../../shared/membership/levels';
import type * as z from 'zod/mini';
import type { Db } from '../../db/database';
import { members, premierApplications } from '../../db/schema';
import { AppError } from '../../errors';
import type { OutgoingMessage } from '../auth/outbox';
import {
  type Actor,
  type KycDeps,
  lockPremier,
  type PremierApplicationRow,
  recordTransition,
  sendAll,
} from './context';
import { kycMail } from './mail';
import { memberByEmail } from './members';
import { assertOwnImages } from './uploads';

/**
 * Premier member application (spec section 4):
 *
 *   applyForPremierMember: (none) -> pending_id_verification when KYC is not verified, else
 *                          email_sent (an e-mail with the next step);
 *                          pending_id_verification -> email_sent when the KYC is approved
 *                          (by the operator's approval, or on apply when already verified);
 *                          asking again while pending_id_verification / email_sent answers the
 *                          state unchanged; other states are refused (premier_state)
 *   applyForKYC2:          email_sent -> under_review (investable assets + proof); any other
 *                          state (or none) is refused (premier_state)
 *   operator:              under_review -> approved | rejected (e-mailed)
 *
 * `premier` of the member summary = approved. Rejected is final (contact customer service).
 */

export type Kyc2Body = z.infer<typeof kyc2BodySchema>;

export function premierStateError(state: PremierState | null): AppError {
  return new AppError(ErrorCode.conflict, KycError.premierState, { state });
}

/** Lock the member row: premier applications and KYC approvals serialise on it. */
async function lockMember(tx: Db, memberId: number) {
  const [row] = await tx
    .select({ id: members.id, email: members.email, roleId: members.roleId })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!row) throw new Error('member vanished');
  return row;
}

/** POST /member/ico/kyc/applyForPremierMember */
export async function applyForPremier(
  deps: KycDeps,
  memberId: number,
): Promise<{ state: PremierState }> {
  const mails: OutgoingMessage[] = [];
  const state = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const member = await lockMember(tx, memberId);
    const verified = isKycVerified(member.roleId);
    const by: Actor = { actor: 'member', name: member.email };
    const existing = await lockPremier(tx, memberId);
    if (!existing) {
      const next: PremierState = verified ? 'email_sent' : 'pending_id_verification';
      await tx.insert(premierApplications).values({
        memberId,
        state: next,
        appliedAt: now,
        updatedAt: now,
      });
      await recordTransition(tx, {
        memberId,
        subject: 'premier',
        from: null,
        to: next,
        by,
        at: now,
      });
      if (next === 'email_sent')
        mails.push(kycMail('premier_next_step', member.email, deps.appOrigin));
      return next;
    }
    if (existing.state === 'pending_id_verification') {
      if (!verified) return existing.state;
      await movePremier(tx, existing, 'email_sent', by, now);
      mails.push(kycMail('premier_next_step', member.email, deps.appOrigin));
      return 'email_sent' as const;
    }
    if (existing.state === 'email_sent') return existing.state;
    throw premierStateError(existing.state);
  });
  await sendAll(deps, mails);
  return { state };
}

/** POST /member/ico/kyc/applyForKYC2: only from email_sent. */
export async function applyForKyc2(
  deps: KycDeps,
  memberId: number,
  body: Kyc2Body,
): Promise<{ state: PremierState }> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const member = await lockMember(tx, memberId);
    const existing = await lockPremier(tx, memberId);
    if (!existing || existing.state !== 'email_sent') {
      throw premierStateError(existing?.state ?? null);
    }
    await assertOwnImages(tx, memberId, [
      { field: 'assetProofImageId', imageId: body.assetProofImageId },
    ]);
    await tx
      .update(premierApplications)
      .set({
        state: 'under_review',
        investableAssets: body.investableAssets,
        assetProofImageId: body.assetProofImageId,
        kyc2SubmittedAt: now,
        updatedAt: now,
      })
      .where(eq(premierApplications.memberId, memberId));
    await recordTransition(tx, {
      memberId,
      subject: 'premier',
      from: existing.state,
      to: 'under_review',
      by: { actor: 'member', name: member.email },
      at: now,
    });
  });
  return { state: 'under_review' };
}

async function movePremier(
  tx: Db,
  row: PremierApplicationRow,
  to: PremierState,
  by: Actor,
  now: Date,
  note: string | null = null,
): Promise<void> {
  await tx
    .update(premierApplications)
    .set({
      state: to,
      updatedAt: now,
      ...(to === 'approved' || to === 'rejected' ? { decidedAt: now, reviewNote: note } : {}),
    })
    .where(eq(premierApplications.memberId, row.memberId));
  await recordTransition(tx, {
    memberId: row.memberId,
    subject: 'premier',
    from: row.state,
    to,
    by,
    at: now,
    note,
  });
}

/**
 * Inside the KYC approval's transaction (the member row is already locked by its update):
 * a premier application waiting for the identity verification moves to email_sent. Answers
 * whether it moved (the caller then sends the next-step e-mail).
 */
export async function premierOnKycApproved(
  tx: Db,
  memberId: number,
  by: Actor,
  now: Date,
): Promise<boolean> {
  const row = await lockPremier(tx, memberId);
  if (row?.state !== 'pending_id_verification') return false;
  await movePremier(tx, row, 'email_sent', by, now, 'identity verified');
  return true;
}

// ---- operator ---------------------------------------------------------------------------------

export interface PremierQueueEntry {
  email: string;
  state: PremierState;
  appliedAt: string;
  kyc2SubmittedAt: string | null;
  investableAssets: string | null;
  assetProofImageId: string | null;
}

/** `premier list [--state S]`: default the applications under review, oldest first. */
export async function listPremier(
  db: Db,
  input: { state?: PremierState | undefined },
): Promise<PremierQueueEntry[]> {
  const states: PremierState[] = input.state ? [input.state] : ['under_review'];
  const rows = await db
    .select({ row: premierApplications, email: members.email })
    .from(premierApplications)
    .innerJoin(members, eq(members.id, premierApplications.memberId))
    .where(inArray(premierApplications.state, states))
    .orderBy(
      asc(premierApplications.kyc2SubmittedAt),
      asc(premierApplications.appliedAt),
      asc(premierApplications.memberId),
    )
    .limit(500);
  return rows.map(({ row, email }) => premierView(row, email));
}

export function premierView(row: PremierApplicationRow, email: string): PremierQueueEntry {
  return {
    email,
    state: row.state,
    appliedAt: row.appliedAt.toISOString(),
    kyc2SubmittedAt: row.kyc2SubmittedAt?.toISOString() ?? null,
    investableAssets: row.investableAssets,
    assetProofImageId: row.assetProofImageId,
  };
}

/** `premier approve <email>` / `premier reject <email> --note`: from under_review only. */
export async function decidePremier(
  deps: KycDeps,
  input: { email: string; decision: 'approve' | 'reject'; note?: string | undefined; by: string },
): Promise<PremierQueueEntry> {
  const member = await memberByEmail(deps.db, input.email);
  const to: PremierState = input.decision === 'approve' ? 'approved' : 'rejected';
  const view = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockPremier(tx, member.id);
    if (!row) {
      throw new AppError(
        ErrorCode.conflict,
        `Cannot ${input.decision} the premier application of ${member.email}: there is none.`,
        { state: null },
      );
    }
    if (row.state !== 'under_review') {
      throw new AppError(
        ErrorCode.conflict,
        `Cannot ${input.decision} the premier application of ${member.email}: it is ${row.state}` +
          (row.state === 'approved' || row.state === 'rejected'
            ? ' (already decided).'
            : ' (not under review).'),
        { state: row.state },
      );
    }
    await movePremier(tx, row, to, { actor: 'operator', name: input.by }, now, input.note ?? null);
    return premierView({ ...row, state: to, decidedAt: now, updatedAt: now }, member.email);
  });
  await sendAll(deps, [
    kycMail(
      to === 'approved' ? 'premier_approved' : 'premier_rejected',
      member.email,
      deps.appOrigin,
    ),
  ]);
  return view;
}

export function isPremierState(value: string): value is PremierState {
  return (PREMIER_STATES as readonly string[]).includes(value);
}

/** The member's premier application is approved (the `requirePremier` guard). */
export async function isPremierMember(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ state: premierApplications.state })
    .from(premierApplications)
    .where(
      and(eq(premierApplications.memberId, memberId), eq(premierApplications.state, 'approved')),
    )
    .limit(1);
  return row !== undefined;
}
