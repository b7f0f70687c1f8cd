import { and, desc, eq } from 'drizzle-orm';
import type { OutboxMessage } from '../../../shared/api/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { outboxMessages } from '../../db/schema';

/**
 * Delivery of e-mail and SMS. Domain code sends through this interface only; the default,
 * local implementation writes the `outbox_messages` table (listed at /dev/outbox outside
 * production). A real SMTP or SMS-gateway adapter implements the same interface and is passed
 * to buildApp({ outbox }).
 */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** e-mail address or E.164 mobile number */
  to: string;
  /** e-mail subject (null for SMS) */
  subject: string | null;
  body: string;
  /** the code or link the message carries (kept for the dev outbox and tests) */
  code?: string | null;
  link?: string | null;
}

export interface Outbox {
  send(message: OutgoingMessage): Promise<void>;
}

export function createLocalOutbox(db: Db, clock: Clock): Outbox {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: message.channel,
        toAddress: message.to,
        subject: message.subject,
        body: message.body,
        code: message.code ?? null,
        link: message.link ?? null,
        createdAt: clock.now(),
      });
    },
  };
}

export const OUTBOX_LIST_DEFAULT = 20;
export const OUTBOX_LIST_MAX = 200;

/** Newest first; all recipients when `to` is not given. */
export async function listOutbox(
  db: Db,
  options: { to?: string | undefined; limit?: number | undefined } = {},
): Promise<OutboxMessage[]> {
  const limit = Math.min(Math.max(options.limit ?? OUTBOX_LIST_DEFAULT, 1), OUTBOX_LIST_MAX);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.to ? and(eq(outboxMessages.toAddress, options.to)) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.toAddress,
    subject: row.subject,
    body: row.body,
    code: row.code,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }));
}
