import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import {
  CONTACT_LIST_DEFAULT_LIMIT,
  CONTACT_LIST_MAX_LIMIT,
  listContactRequests,
} from '../domain/contact';
import { memberRoles, showMember, verifyMember } from '../domain/auth/member-admin';
import { createLocalOutbox, type Outbox } from '../domain/auth/outbox';
import type { KycDeps } from '../domain/kyc/context';
import { decidePremier, listPremier } from '../domain/kyc/premier';
import { kycDocument, listKycQueue, reviewKyc, showKycApplication } from '../domain/kyc/review';
import { loyaltyRates } from '../domain/loyalty/rates';
import { getMaintenance, turnMaintenanceOff, turnMaintenanceOn } from '../domain/maintenance';
import type { UploadStorage } from '../storage/uploads';
import type { Scheduler } from '../scheduler';
import type { WalletDeps } from '../plugins/wallet';
import { convertOpsCommands } from './convert-commands';
import { depositOpsCommands } from './deposit-commands';
import { storeOpsCommands } from './store-commands';
import { withdrawalOpsCommands } from './withdrawal-commands';
import { DEFAULT_APP_ORIGIN } from '../config';
import { KYC_STATES, PREMIER_STATES } from '../../shared/api/kyc';
import { LOCAL_CHAIN_ID } from '../../shared/constants/chain';

/**
 * Operator commands. One definition serves both ways the CLI (scripts/ops.ts) reaches the
 * database: directly (PostgreSQL, or PGlite when no API holds it) and through the running
 * API's loopback-only `/ops/<command>` routes (routes/ops). Both call the same domain functions.
 */

/** ISO 8601 date-time with an explicit offset, e.g. 2025-01-12T17:00:00+08:00 or ...Z. */
const isoTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, {
    message: 'expected an ISO time with offset, e.g. 2025-01-12T17:00:00+08:00',
  })
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'not a valid time' });

export interface OpsContext {
  db: Db;
  clock: Clock;
  /** the chain whose indexed state derives member levels (CHAIN_ID; default the local 31337) */
  chainId?: number;
  /** e-mails of KYC and premier decisions; default the local outbox table */
  outbox?: Outbox;
  /** where uploaded documents are (`kyc document`); required by that command only */
  uploads?: UploadStorage;
  /** links in e-mails (APP_ORIGIN); default http://localhost:5173 */
  appOrigin?: string;
  /** the custodial wallet (RPC reads, config, seed): the wallet commands need it */
  wallet?: WalletDeps;
  /** the wallet scheduler of the running API (`... run` commands run its tasks through it) */
  scheduler?: Scheduler;
}

/** The wallet deps, or a clear refusal for commands that need them. */
export function walletOf(ctx: OpsContext): WalletDeps {
  if (!ctx.wallet)
    throw new Error(
      'this command needs the wallet services (run it through the API or with DATABASE_URL)',
    );
  return ctx.wallet;
}

const levelContext = (ctx: OpsContext) => ({
  db: ctx.db,
  clock: ctx.clock,
  chainId: ctx.chainId ?? LOCAL_CHAIN_ID,
});

const kycDeps = (ctx: OpsContext): KycDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  outbox: ctx.outbox ?? createLocalOutbox(ctx.db, ctx.clock),
  appOrigin: ctx.appOrigin || DEFAULT_APP_ORIGIN,
});

const memberEmail = z.string().trim().min(3).max(254);
/** the operator's name in the KYC history (the CLI sends the OS user) */
const operatorName = z.string().trim().min(1).max(100).default('operator');
const reviewNote = z.string().trim().min(1).max(2000);
/** `--items a,b` (or an array through the API) */
const itemList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (typeof value === 'string' ? value.split(',') : value))
  .pipe(z.array(z.string().trim().max(64)).max(40));
const kycReview = (extra: z.ZodRawShape = {}) =>
  z.object({ email: memberEmail, by: operatorName, note: reviewNote.optional(), ...extra });

type KycReviewArgs = { email: string; by: string; note?: string | undefined };

export const opsCommands = {
  'maintenance/on': {
    input: z.object({ start: isoTime.optional(), end: isoTime.optional() }),
    run: (ctx: OpsContext, input: { start?: string | undefined; end?: string | undefined }) =>
      turnMaintenanceOn(ctx.db, ctx.clock, {
        start: input.start ? new Date(input.start) : undefined,
        end: input.end ? new Date(input.end) : undefined,
      }),
  },
  'maintenance/off': {
    input: z.object({}),
    run: (ctx: OpsContext) => turnMaintenanceOff(ctx.db, ctx.clock),
  },
  'maintenance/status': {
    input: z.object({}),
    run: (ctx: OpsContext) => getMaintenance(ctx.db, ctx.clock),
  },
  'contact/list': {
    input: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(CONTACT_LIST_MAX_LIMIT)
        .default(CONTACT_LIST_DEFAULT_LIMIT),
    }),
    run: (ctx: OpsContext, input: { limit: number }) =>
      listContactRequests(ctx.db, { limit: input.limit }),
  },
  'member/show': {
    input: z.object({ email: z.string().trim().min(3).max(254) }),
    run: (ctx: OpsContext, input: { email: string }) => showMember(levelContext(ctx), input.email),
  },
  'member/roles': {
    input: z.object({
      email: z.string().trim().min(3).max(254),
      /** the new role bit mask (spec section 3: investor 2, business 4, kyc2 64, ...) */
      set: z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 30)
        .optional(),
    }),
    run: (ctx: OpsContext, input: { email: string; set?: number | undefined }) =>
      memberRoles(levelContext(ctx), input),
  },
  /** identity verified (the kyc2 bit, level 1) until the KYC review flow exists */
  'member/verify': {
    input: z.object({ email: z.string().trim().min(3).max(254) }),
    run: (ctx: OpsContext, input: { email: string }) => verifyMember(levelContext(ctx), input),
  },
  'loyalty/rates': {
    input: z.object({}),
    run: (ctx: OpsContext) => loyaltyRates(ctx.db),
  },
  /** the review queue (submitted, resubmitted, under review) oldest first, or one state */
  'kyc/list': {
    input: z.object({ state: z.enum(KYC_STATES).optional() }),
    run: (ctx: OpsContext, input: { state?: (typeof KYC_STATES)[number] | undefined }) =>
      listKycQueue(ctx.db, input),
  },
  'kyc/show': {
    input: z.object({ email: memberEmail }),
    run: (ctx: OpsContext, input: { email: string }) => showKycApplication(ctx.db, input.email),
  },
  'kyc/start': {
    input: kycReview(),
    run: (ctx: OpsContext, input: KycReviewArgs) => reviewKyc(kycDeps(ctx), 'start', input),
  },
  'kyc/approve': {
    input: kycReview(),
    run: (ctx: OpsContext, input: KycReviewArgs) => reviewKyc(kycDeps(ctx), 'approve', input),
  },
  'kyc/reject': {
    input: kycReview({ items: itemList.optional() }),
    run: (ctx: OpsContext, input: KycReviewArgs & { items?: string[] | undefined }) =>
      reviewKyc(kycDeps(ctx), 'reject', input),
  },
  'kyc/insufficient': {
    input: kycReview({ note: reviewNote }),
    run: (ctx: OpsContext, input: KycReviewArgs) => reviewKyc(kycDeps(ctx), 'insufficient', input),
  },
  'kyc/fail': {
    input: kycReview({ note: reviewNote }),
    run: (ctx: OpsContext, input: KycReviewArgs) => reviewKyc(kycDeps(ctx), 'fail', input),
  },
  /** an uploaded file (base64 in `data`; the CLI writes it to --out) */
  'kyc/document': {
    input: z.object({
      imageId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{10,64}$/),
    }),
    run: (ctx: OpsContext, input: { imageId: string }) => {
      if (!ctx.uploads) throw new Error('no upload storage configured for this command');
      return kycDocument(ctx.db, ctx.uploads, input.imageId);
    },
  },
  /** premier applications under review oldest first, or one state */
  'premier/list': {
    input: z.object({ state: z.enum(PREMIER_STATES).optional() }),
    run: (ctx: OpsContext, input: { state?: (typeof PREMIER_STATES)[number] | undefined }) =>
      listPremier(ctx.db, input),
  },
  'premier/approve': {
    input: z.object({ email: memberEmail, by: operatorName }),
    run: (ctx: OpsContext, input: { email: string; by: string }) =>
      decidePremier(kycDeps(ctx), { ...input, decision: 'approve' }),
  },
  'premier/reject': {
    input: z.object({ email: memberEmail, by: operatorName, note: reviewNote }),
    run: (ctx: OpsContext, input: { email: string; by: string; note: string }) =>
      decidePremier(kycDeps(ctx), { ...input, decision: 'reject' }),
  },
  ...depositOpsCommands,
  ...withdrawalOpsCommands,
  ...convertOpsCommands,
  ...storeOpsCommands,
} as const;

export type OpsCommandName = keyof typeof opsCommands;
export const OPS_COMMAND_NAMES = Object.keys(opsCommands) as OpsCommandName[];

/** Validate the input and run a command (the direct path; the API route validates via its schema). */
export async function runOpsCommand(
  ctx: OpsContext,
  name: OpsCommandName,
  rawInput: unknown,
): Promise<unknown> {
  const command = opsCommands[name];
  const input = command.input.parse(rawInput ?? {});
  return (command.run as (ctx: OpsContext, input: unknown) => Promise<unknown>)(ctx, input);
}
