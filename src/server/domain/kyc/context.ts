import { eq } from 'drizzle-orm';
import type { KycState } from '../../../shared/api/kyc';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { kycApplications, kycHistory, premierApplications } from '../../db/schema';
import type { Outbox, OutgoingMessage } from '../auth/outbox';

/** What the KYC and premier domain needs. */
export interface KycDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** links in e-mails point at the app (APP_ORIGIN) */
  appOrigin: string;
}

export type KycApplicationRow = typeof kycApplications.$inferSelect;
export type PremierApplicationRow = typeof premierApplications.$inferSelect;

/** Who made a transition (kyc_history). */
export interface Actor {
  actor: 'member' | 'operator' | 'system';
  /** the member's e-mail or the operator's name */
  name: string;
}

export async function readApplication(
  db: Db,
  memberId: number,
): Promise<KycApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.memberId, memberId))
    .limit(1);
  return row;
}

export async function readPremier(
  db: Db,
  memberId: number,
): Promise<PremierApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(premierApplications)
    .where(eq(premierApplications.memberId, memberId))
    .limit(1);
  return row;
}

/**
 * Inside a transaction: the member's application, created (state pending) when missing, and
 * locked (`FOR UPDATE`) until the transaction ends, so a member's edit and an operator's
 * decision never interleave.
 */
export async function lockApplication(
  tx: Db,
  memberId: number,
  kind: 'individual' | 'institutional',
  now: Date,
): Promise<KycApplicationRow> {
  await tx
    .insert(kycApplications)
    .values({ memberId, kind, state: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.memberId, memberId))
    .for('update');
  if (!row) throw new Error('kyc application vanished');
  return row;
}

/** Inside a transaction: the premier application locked, or undefined. */
export async function lockPremier(
  tx: Db,
  memberId: number,
): Promise<PremierApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(premierApplications)
    .where(eq(premierApplications.memberId, memberId))
    .for('update');
  return row;
}

export async function recordTransition(
  tx: Db,
  entry: {
    memberId: number;
    subject: 'kyc' | 'premier';
    from: string | null;
    to: KycState | string;
    by: Actor;
    at: Date;
    note?: string | null;
    items?: string[] | null;
  },
): Promise<void> {
  await tx.insert(kycHistory).values({
    memberId: entry.memberId,
    subject: entry.subject,
    fromState: entry.from,
    toState: entry.to,
    actor: entry.by.actor,
    actorName: entry.by.name,
    note: entry.note ?? null,
    items: entry.items ?? null,
    createdAt: entry.at,
  });
}

/**
 * Send e-mails collected during a transaction, after it committed (on PGlite a transaction
 * holds the only connection, so the outbox cannot write inside it). When a send fails the
 * committed transition stands and the error reaches the caller.
 */
export async function sendAll(deps: KycDeps, messages: OutgoingMessage[]): Promise<void> {
  for (const message of messages) await deps.outbox.send(message);
}
