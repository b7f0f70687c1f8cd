import { desc } from 'drizzle-orm';
import type { ContactUsBody } from '../../shared/api/common';
import type { Locale } from '../../shared/constants/locales';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { contactRequests } from '../db/schema';

/** Contact-us requests: stored for the support team, listed by operators (`ops contact list`). */

export interface ContactRequestInput extends ContactUsBody {
  locale: Locale;
  ip: string;
}

export interface ContactRequestRecord {
  id: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  product: number;
  locale: string;
  createdAt: string;
  ip: string;
}

export async function createContactRequest(
  db: Db,
  clock: Clock,
  input: ContactRequestInput,
): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactRequests)
    .values({
      name: input.name,
      phone: input.phone,
      email: input.email,
      message: input.message,
      product: input.product,
      locale: input.locale,
      ip: input.ip.slice(0, 64),
      createdAt: clock.now(),
    })
    .returning({ id: contactRequests.id });
  if (!row) throw new Error('contact request insert returned no row');
  return { id: row.id };
}

export const CONTACT_LIST_DEFAULT_LIMIT = 20;
export const CONTACT_LIST_MAX_LIMIT = 500;

/** Newest first. */
export async function listContactRequests(
  db: Db,
  options: { limit?: number } = {},
): Promise<ContactRequestRecord[]> {
  const limit = Math.min(
    Math.max(options.limit ?? CONTACT_LIST_DEFAULT_LIMIT, 1),
    CONTACT_LIST_MAX_LIMIT,
  );
  const rows = await db
    .select()
    .from(contactRequests)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
