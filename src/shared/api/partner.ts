/**
 * The partner (Coolbitx) referral program (spec products-programs sections 2, 7 and 9): a member
 * joins it with a USDT (ERC20) payout address and shares their code; members who register through
 * the partner sign-up with that code (`partnerCode` of POST /member/register, recorded as the
 * partner's there) earn the partner a 0.4 % rebate on their qualifying activity
 * (server/domain/partner/rebates.ts), withdrawn automatically to the address each time 500 USDT
 * has accrued and processed in 1-3 business days.
 *
 * Member (session), under /api/v1:
 * - `POST htoken/coolBitX/createReferral`  join, or change the payout address
 * - `GET  htoken/coolBitX/referralInfo`    the record: code, rate, accrued, paid, address,
 *                                          referred members, payouts with their state
 * - `GET  xsaving/coolBitX/history`        the rebates accrued, newest first
 *
 * Amounts are USDT decimal strings (6 decimals at most); times ISO 8601 (UTC).
 */
import * as z from 'zod/mini';

const int = () => z.number().check(z.int());

export const PARTNER_RULES = {
  /** the rebate on the referred members' qualifying activity, percent */
  ratePercent: '0.4',
  /** in basis points (what the server computes with) */
  rateBps: 40,
  /** accrued rebate withdrawn automatically from this much, whole USDT */
  minimumPayoutUsdt: 500,
  /** payouts are processed within this many business days */
  processingBusinessDays: '1-3',
  currency: 'USDT',
  network: 'ERC20',
} as const;

export const PartnerError = {
  /** a registration's partner code is not the code of a member who joined the program */
  unknownCode: 'partner_code_unknown',
} as const;

/** A partner code as typed or linked: a partner's referral code (6-12 letters and digits). */
export const partnerCodeSchema = z
  .string()
  .check(
    z.trim(),
    z.toUpperCase(),
    z.maxLength(12, PartnerError.unknownCode),
    z.regex(/^[A-Z0-9]{6,12}$/, PartnerError.unknownCode),
  );

export const partnerCreateBodySchema = z.object({
  /** the USDT (ERC20) address payouts go to */
  address: z.string().check(z.minLength(1), z.maxLength(120)),
});
export type PartnerCreateBody = z.infer<typeof partnerCreateBodySchema>;

export const partnerPayoutStateSchema = z.enum(['processing', 'completed', 'failed']);
export type PartnerPayoutState = z.infer<typeof partnerPayoutStateSchema>;

export const partnerPayoutSchema = z.object({
  id: int(),
  amount: z.string(),
  state: partnerPayoutStateSchema,
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  txHash: z.nullable(z.string()),
});
export type PartnerPayout = z.infer<typeof partnerPayoutSchema>;

export const partnerReferredSchema = z.object({
  nickname: z.string(),
  joinedAt: z.string(),
  /** USDT rebate accrued on this member so far */
  rebate: z.string(),
});

export const partnerReferralInfoSchema = z.object({
  joined: z.boolean(),
  code: z.string(),
  ratePercent: z.string(),
  minimumPayout: z.string(),
  payoutAddress: z.nullable(z.string()),
  /** accrued and not yet paid out */
  accrued: z.string(),
  /** paid out in all (payouts not failed) */
  paid: z.string(),
  referred: z.array(partnerReferredSchema),
  payouts: z.array(partnerPayoutSchema),
});
export type PartnerReferralInfo = z.infer<typeof partnerReferralInfoSchema>;

export const partnerHistoryQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});

export const partnerRebateSchema = z.object({
  id: int(),
  nickname: z.string(),
  base: z.string(),
  amount: z.string(),
  accruedAt: z.string(),
  paidOut: z.boolean(),
});
export const partnerHistorySchema = z.object({
  page: int(),
  pageSize: int(),
  total: int(),
  rows: z.array(partnerRebateSchema),
});
export type PartnerHistory = z.infer<typeof partnerHistorySchema>;
