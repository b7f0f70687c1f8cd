import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AuthError,
  type MemberSummary,
  type RegisterBody,
  type RegisterResult,
  type SendCodeResult,
} from '../../../shared/api/auth';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { PartnerError } from '../../../shared/api/partner';
import {
  AccountMessage,
  checkEmail,
  REFERRAL_CODE_PATTERN,
} from '../../../shared/validation/account';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import type { Locale } from '../../../shared/constants/locales';
import { verifyCaptcha } from './captcha';
import { CODE_RESEND_SECONDS, consumeCode, issueCode } from './codes';
import type { AuthDeps, RequestOrigin } from './context';
import { maskEmail, maskMobile } from './crypto';
import { DEVICE_STATUS, recordDevice } from './devices';
import { pretendCheckCode, pretendSendCode } from './unknown-contact';
import { hashPassword } from './passwords';

export type MemberRow = typeof members.$inferSelect;

import { isKycVerified, memberLevel, ROLE } from '../../../shared/membership/levels';
import { type MemberKycFacts, memberKycFacts, NO_KYC_FACTS } from '../kyc/members';
import { derivedRoleId, derivedRoleIdUntil } from '../loyalty/member-level';
import { findPartnerByCode, recordPartnerReferral } from '../partner/referrals';

export { memberLevel, ROLE };

/** The member of an authenticated request; a member that no longer exists is a 401. */
export async function loadMember(db: Db, memberId: number): Promise<MemberRow> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!row) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
  return row;
}

export async function findMemberByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(members.email, email.toLowerCase()))
    .limit(1);
  return row;
}

/**
 * What login and getMemberInfo return, with `roleId` as derived now (stored bits plus the
 * loyalty bits from the chain: `derivedRoleId`, domain/loyalty/member-level.ts) and what the
 * KYC and premier applications say (`memberKycFacts`, domain/kyc/members.ts). The referral
 * code is given from level 1 on (spec: a level 1 member can get a referral code); below, null.
 * `realName` shows once the identity is verified.
 */
export function memberSummary(
  row: MemberRow,
  roleId: number,
  kyc: MemberKycFacts = NO_KYC_FACTS,
): MemberSummary {
  const verified = isKycVerified(roleId);
  return {
    memberId: row.id,
    userName: row.email,
    nickname: row.nickname,
    email: row.email,
    mobile: row.mobile,
    emailVerified: row.emailVerifiedAt !== null,
    mobileVerified: row.mobileVerifiedAt !== null,
    roleId,
    accountType: row.accountType,
    twoFactor: row.twoFactorMethod,
    referralCode: memberLevel(roleId) >= 1 ? row.referralCode : null,
    language: row.language,
    groupID: row.accountType === 'institutional' ? 2 : 1,
    realName: verified ? row.realName : null,
    kyc2ApplyResult: kyc.premierState,
    kycFlags: { insufficient: !verified && kyc.kycState === 'insufficient' },
    region: kyc.region,
    premier: kyc.premierState === 'approved',
  };
}

/** The member summary with the derived roleId and the KYC facts (login, getMemberInfo). */
export async function loadMemberSummary(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config'>,
  row: MemberRow,
): Promise<MemberSummary> {
  const [roleId, kyc] = await Promise.all([
    derivedRoleId(levelContext(deps), row),
    memberKycFacts(deps.db, row.id),
  ]);
  return memberSummary(row, roleId, kyc);
}

/**
 * getMemberInfo: the member summary of `loadMemberSummary`, from the API's cache of member reads
 * while nothing it shows has changed (domain/auth/member-cache.ts); a member that no longer
 * exists is a 401.
 */
export async function memberInfo(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config' | 'reads'>,
  memberId: number,
): Promise<MemberSummary> {
  const load = async () => {
    const row = await loadMember(deps.db, memberId);
    const [level, kyc] = await Promise.all([
      derivedRoleIdUntil(levelContext(deps), row),
      memberKycFacts(deps.db, row.id),
    ]);
    return { value: memberSummary(row, level.roleId, kyc), until: level.until };
  };
  if (!deps.reads) return (await load()).value;
  return deps.reads.read('summary', memberId, deps.clock.now(), load);
}

// Referral codes: 8 characters without look-alikes (0/O, 1/I/L).
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

async function findByReferralCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.referralCode, code))
    .limit(1);
  return row;
}

function emailTaken() {
  return new AppError(ErrorCode.conflict, AuthError.emailTaken, { field: 'email' });
}

/**
 * Register: captcha, confirmation, optional referral code (or a partner's code through the partner
 * sign-up: recorded as the partner's referral with the account), unique e-mail; Investor role (2),
 * plus Business (4) for institutional accounts; the registering browser (when it sends a client
 * id) becomes the first authorised device; an e-mail and an SMS code are sent at once.
 */
export async function registerMember(
  deps: AuthDeps,
  body: RegisterBody,
  origin: Omit<RequestOrigin, 'clientId'> & { clientId: string | undefined },
): Promise<RegisterResult> {
  if (body.password !== body.confirmPassword) {
    throw validationError([{ field: 'confirmPassword', message: AccountMessage.passwordMismatch }]);
  }
  await verifyCaptcha(deps, body.captcha);

  let referredBy: number | null = null;
  // through the partner sign-up: the partner's code, which is also the referral code
  let partnerId: number | null = null;
  if (body.partnerCode) {
    if (body.referralCode && body.referralCode !== body.partnerCode) {
      throw validationError([{ field: 'referralCode', message: AccountMessage.referralInvalid }]);
    }
    const partner = await findPartnerByCode(deps.db, body.partnerCode);
    if (!partner) {
      throw validationError([{ field: 'partnerCode', message: PartnerError.unknownCode }]);
    }
    referredBy = partnerId = partner.id;
  } else if (body.referralCode) {
    const referrer = await findByReferralCode(deps.db, body.referralCode);
    if (!referrer) {
      throw validationError([{ field: 'referralCode', message: AccountMessage.referralInvalid }]);
    }
    referredBy = referrer.id;
  }
  if (await findMemberByEmail(deps.db, body.email)) throw emailTaken();

  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  let member: MemberRow | undefined;
  for (let attempt = 0; attempt < 5 && !member; attempt += 1) {
    // the account and its partner referral in one transaction: both or neither
    member = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .insert(members)
        .values({
          email: body.email,
          mobile: body.mobile,
          nickname: body.userName,
          passwordHash,
          roleId: ROLE.investor | (body.accountType === 'institutional' ? ROLE.business : 0),
          accountType: body.accountType,
          referralCode: generateReferralCode(),
          referredBy,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row && partnerId !== null) {
        await recordPartnerReferral(tx, { memberId: row.id, partnerId, at: now });
      }
      return row;
    });
    // Nothing inserted: the e-mail was taken meanwhile, or (rarely) the referral code exists.
    if (!member && (await findMemberByEmail(deps.db, body.email))) throw emailTaken();
  }
  if (!member) throw new Error('could not allocate a referral code');

  if (origin.clientId) {
    await recordDevice(
      deps,
      member.id,
      { ...origin, clientId: origin.clientId },
      DEVICE_STATUS.authorised,
    );
  }
  await issueCode(
    deps,
    { memberId: member.id, channel: 'email', purpose: 'activation' },
    member.email,
  );
  if (member.mobile) {
    await issueCode(
      deps,
      { memberId: member.id, channel: 'sms', purpose: 'activation' },
      member.mobile,
    );
  }
  return {
    memberId: member.id,
    email: member.email,
    mobile: member.mobile ?? '',
    resendAfter: CODE_RESEND_SECONDS,
  };
}

/** GET registerValidation: is this e-mail free / this referral code valid? */
export async function validateRegistrationField(
  deps: AuthDeps,
  query: { field: 'email' | 'referralCode'; value: string },
): Promise<{ valid: boolean; message: string | null }> {
  if (query.field === 'referralCode') {
    const code = query.value.trim().toUpperCase();
    const valid =
      REFERRAL_CODE_PATTERN.test(code) && Boolean(await findByReferralCode(deps.db, code));
    return { valid, message: valid ? null : AccountMessage.referralInvalid };
  }
  const email = query.value.trim().toLowerCase();
  const formatProblem = checkEmail(email);
  if (formatProblem) return { valid: false, message: formatProblem };
  const taken = Boolean(await findMemberByEmail(deps.db, email));
  return { valid: !taken, message: taken ? AuthError.emailTaken : null };
}

/**
 * Send a contact-verification code to the address stored on the account named by `userName`
 * (never to an address from the request). An unknown account gets the same answer and resend
 * timing, and nothing is sent (`unknown-contact.ts`).
 */
export async function sendContactCode(
  deps: AuthDeps,
  channel: 'email' | 'sms',
  userName: string,
): Promise<SendCodeResult> {
  const member = await findMemberByEmail(deps.db, userName);
  if (!member) return pretendSendCode(deps, userName, channel, maskEmail(userName));
  if (channel === 'sms') {
    if (!member.mobile) {
      throw new AppError(ErrorCode.badRequest, AccountMessage.phoneBlank, { field: 'mobile' });
    }
    const sent = await issueCode(
      deps,
      { memberId: member.id, channel, purpose: 'activation' },
      member.mobile,
    );
    return { resendAfter: sent.resendAfter, sentTo: maskMobile(member.mobile) };
  }
  const sent = await issueCode(
    deps,
    { memberId: member.id, channel, purpose: 'activation' },
    member.email,
  );
  return { resendAfter: sent.resendAfter, sentTo: maskEmail(member.email) };
}

/** PUT activation: a code proves the e-mail or the mobile. */
export async function activateContact(
  deps: AuthDeps,
  body: { actionType: 'email' | 'mobile'; userName: string; code: string },
): Promise<{ emailVerified: boolean; mobileVerified: boolean }> {
  const member = await findMemberByEmail(deps.db, body.userName);
  const channel = body.actionType === 'email' ? 'email' : 'sms';
  if (!member) return pretendCheckCode(deps, body.userName, channel);
  await consumeCode(deps, { memberId: member.id, channel, purpose: 'activation' }, body.code);
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(members)
    .set(
      channel === 'email'
        ? {
            emailVerifiedAt: sql`coalesce(${members.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          }
        : {
            mobileVerifiedAt: sql`coalesce(${members.mobileVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          },
    )
    .where(eq(members.id, member.id))
    .returning();
  if (!updated) throw new Error('member vanished');
  return {
    emailVerified: updated.emailVerifiedAt !== null,
    mobileVerified: updated.mobileVerifiedAt !== null,
  };
}

/** addUserType: add the Investor role (answers the derived roleId). */
export async function addInvestorRole(deps: AuthDeps, memberId: number) {
  const [row] = await deps.db
    .update(members)
    .set({ roleId: sql`${members.roleId} | ${ROLE.investor}`, updatedAt: deps.clock.now() })
    .where(eq(members.id, memberId))
    .returning({ id: members.id, roleId: members.roleId });
  if (!row) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
  return { roleId: await derivedRoleId(levelContext(deps), row) };
}

/** What the level derivation needs from the identity deps. */
export function levelContext(deps: Pick<AuthDeps, 'db' | 'clock' | 'config'>) {
  return { db: deps.db, clock: deps.clock, chainId: deps.config.chainId };
}

/** Stores the member's language (setPreferedSettings); login answers carry it. */
export async function setPreferredLanguage(deps: AuthDeps, memberId: number, language: string) {
  const [row] = await deps.db
    .update(members)
    .set({ language, updatedAt: deps.clock.now() })
    .where(eq(members.id, memberId))
    .returning({ language: members.language });
  if (!row) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
  return { language: language as Locale };
}

export async function modifyNickname(deps: AuthDeps, memberId: number, nickname: string) {
  const [row] = await deps.db
    .update(members)
    .set({ nickname, updatedAt: deps.clock.now() })
    .where(eq(members.id, memberId))
    .returning({ nickname: members.nickname });
  if (!row) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
  return { nickname: row.nickname };
}
