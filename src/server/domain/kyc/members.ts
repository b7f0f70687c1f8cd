import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import type { KycState, PremierState } from '../../../shared/api/kyc';
import type { Db } from '../../db/database';
import { kycApplications, members, premierApplications } from '../../db/schema';
import { AppError } from '../../errors';

export type MemberRecord = typeof members.$inferSelect;

/** An operator names a member by e-mail (any case); unknown: 404 with a clear message. */
export async function memberByEmail(db: Db, email: string): Promise<MemberRecord> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(members.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.notFound, `No member with e-mail ${email}`);
  return row;
}

/** What the member summary (login, getMemberInfo) shows of the KYC and premier applications. */
export interface MemberKycFacts {
  kycState: KycState | null;
  /** country of residence (individual) or incorporation (institutional), when saved */
  region: string | null;
  premierState: PremierState | null;
}

export const NO_KYC_FACTS: MemberKycFacts = { kycState: null, region: null, premierState: null };

export async function memberKycFacts(db: Db, memberId: number): Promise<MemberKycFacts> {
  const [[application], [premier]] = await Promise.all([
    db
      .select({
        state: kycApplications.state,
        personal: kycApplications.personal,
        business: kycApplications.business,
      })
      .from(kycApplications)
      .where(eq(kycApplications.memberId, memberId))
      .limit(1),
    db
      .select({ state: premierApplications.state })
      .from(premierApplications)
      .where(eq(premierApplications.memberId, memberId))
      .limit(1),
  ]);
  const region =
    (application?.personal?.countryOfResidence as string | undefined) ??
    (application?.business?.countryOfIncorporation as string | undefined) ??
    null;
  return {
    kycState: application?.state ?? null,
    region,
    premierState: premier?.state ?? null,
  };
}
