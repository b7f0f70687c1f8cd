/**
 * The referral record of the Account page and /referrals (spec sections 2 and 7:
 * `GET /api/v1/user/referral/history`): the members who registered with this member's referral
 * code, newest first. Authenticated; e-mails are masked (`a***@example.com`).
 */
import * as z from 'zod/mini';

const int = () => z.number().check(z.int());

export const REFERRAL_PAGE_SIZE_DEFAULT = 10;
export const REFERRAL_PAGE_SIZE_MAX = 100;

/** Query: page from 1, pageSize 1-100 (default 10). */
export const referralHistoryQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(REFERRAL_PAGE_SIZE_MAX)),
    REFERRAL_PAGE_SIZE_DEFAULT,
  ),
});
export type ReferralHistoryQuery = z.infer<typeof referralHistoryQuerySchema>;

export const referralRecordSchema = z.object({
  /** masked: first letter, ***, last letter of the local part, then the domain */
  email: z.string(),
  /** ISO time of the registration */
  registeredAt: z.string(),
  /** the referred member's level now (0-4) */
  level: int(),
  /** when the member reached level 1 as the referral program recorded it (ISO), else null */
  level1At: z.nullable(z.string()),
  /** counted for the referrer's rewards (false: not yet level 1, or over the monthly cap) */
  qualified: z.boolean(),
});
export type ReferralRecord = z.infer<typeof referralRecordSchema>;

export const referralHistorySchema = z.object({
  list: z.array(referralRecordSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type ReferralHistory = z.infer<typeof referralHistorySchema>;
