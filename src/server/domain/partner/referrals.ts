import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { members, partnerAccounts, partnerReferrals } from '../../db/schema';

/**
 * Who is a partner's referral (spec products-programs sections 2 and 9): a member who registered
 * through the partner (Coolbitx) sign-up with a partner's code. The registration records it
 * (domain/auth/members.ts registerMember, `partnerCode`), in the same database transaction as
 * the account; ordinary referral-program friends are not partner referrals.
 */

/** The member who joined the partner program with this referral code, if any. */
export async function findPartnerByCode(db: Db, code: string): Promise<{ id: number } | undefined> {
  const [partner] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(partnerAccounts, eq(partnerAccounts.memberId, members.id))
    .where(eq(members.referralCode, code))
    .limit(1);
  return partner;
}

/** Records `memberId` as the partner's referral (once: the member is the key). */
export async function recordPartnerReferral(
  db: Db,
  referral: { memberId: number; partnerId: number; at: Date },
): Promise<void> {
  await db
    .insert(partnerReferrals)
    .values({ memberId: referral.memberId, partnerId: referral.partnerId, createdAt: referral.at })
    .onConflictDoNothing();
}
