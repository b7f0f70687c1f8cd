import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { KYC_STATES, PREMIER_STATES } from '../../shared/api/kyc';
import { DEFAULT_APP_ORIGIN } from '../config';
import { createLocalOutbox } from '../domain/auth/outbox';
import type { KycDeps } from '../domain/kyc/context';
import { decidePremier, listPremier, type PremierQueueEntry } from '../domain/kyc/premier';
import {
  type KycApplicationView,
  type KycDocumentFile,
  type KycQueueEntry,
  kycDocument,
  listKycQueue,
  reviewKyc,
  showKycApplication,
} from '../domain/kyc/review';
import {
  EMAIL_ARGUMENT,
  type OpsContext,
  type OpsOption,
  OpsCommandError,
  opsCommand,
} from './command';

/**
 * Operator commands of identity verification (KYC review, documents) and premier membership.
 * Every decision e-mails the member (through the outbox) and is written to the history with the
 * operator's name (`--by`, the OS user by default).
 */

const kycDeps = (ctx: OpsContext): KycDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  outbox: ctx.outbox ?? createLocalOutbox(ctx.db, ctx.clock),
  appOrigin: ctx.appOrigin || DEFAULT_APP_ORIGIN,
});

/** Who runs the CLI, for the KYC history when --by is not given. */
function osUser(): string {
  try {
    return userInfo().username || 'operator';
  } catch {
    return 'operator';
  }
}

/** `--by <name>`: the operator's name in the history (the CLI sends the OS user by default). */
const BY: OpsOption = { default: osUser };

const memberEmail = z.string().trim().min(3).max(254);
/** the operator's name in the KYC history */
const operatorName = z.string().trim().min(1).max(100).default('operator');
const reviewNote = z.string().trim().min(1).max(2000);
/** `--items a,b` (or an array through the API) */
const itemList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (typeof value === 'string' ? value.split(',') : value))
  .pipe(z.array(z.string().trim().max(64)).max(40));
const kycReview = <E extends z.ZodRawShape = Record<never, never>>(extra?: E) =>
  z.object({
    email: memberEmail,
    by: operatorName,
    note: reviewNote.optional(),
    ...(extra ?? ({} as E)),
  });

function formatKycQueue(rows: KycQueueEntry[]): string {
  if (rows.length === 0) return 'No KYC applications.';
  return rows
    .map(
      (row) =>
        `${row.lastSubmittedAt ?? '-'}  ${row.state.padEnd(12)}  ${row.kind.padEnd(13)}  ${row.email}` +
        (row.name ? `  (${row.name})` : ''),
    )
    .join('\n');
}

function formatFields(fields: Record<string, unknown> | null, indent = '    '): string[] {
  if (!fields) return [];
  return Object.entries(fields).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [`${indent}${key}:`, ...formatFields(value as Record<string, unknown>, `${indent}  `)]
      : [`${indent}${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`],
  );
}

function formatKycApplication(view: KycApplicationView): string {
  const { member, application } = view;
  const lines = [
    `#${member.id}  ${member.email}  ${member.accountType}  roleId ${member.roleId}` +
      (member.realName ? `  real name: ${member.realName}` : ''),
  ];
  if (!application) {
    lines.push('  KYC: no application (pending)');
  } else {
    lines.push(
      `  KYC: ${application.state} (${application.kind})  submitted ${application.submittedAt ?? '-'}` +
        `  last submitted ${application.lastSubmittedAt ?? '-'}  review started ${application.reviewStartedAt ?? '-'}` +
        `  decided ${application.decidedAt ?? '-'}`,
    );
    if (application.rejectedItems.length > 0) {
      lines.push(`  items to correct: ${application.rejectedItems.join(', ')}`);
    }
    if (application.reviewNote) lines.push(`  note to the member: ${application.reviewNote}`);
    if (application.personal) lines.push('  personal:', ...formatFields(application.personal));
    if (application.business) lines.push('  business:', ...formatFields(application.business));
  }
  lines.push('  images (npm run ops -- kyc document <imageId> --out <file>):');
  if (view.images.length === 0) lines.push('    -');
  for (const image of view.images) {
    lines.push(
      `    ${image.item.padEnd(34)} ${image.imageId}  ${image.contentType}  ${image.size} bytes  uploaded ${image.uploadedAt}`,
    );
  }
  if (view.premier) {
    lines.push(
      `  premier: ${view.premier.state}  applied ${view.premier.appliedAt}` +
        (view.premier.investableAssets
          ? `  investable assets ${view.premier.investableAssets}`
          : '') +
        (view.premier.decidedAt ? `  decided ${view.premier.decidedAt}` : '') +
        (view.premier.reviewNote ? `  note: ${view.premier.reviewNote}` : ''),
    );
  }
  lines.push('  history:');
  if (view.history.length === 0) lines.push('    -');
  for (const entry of view.history) {
    lines.push(
      `    ${entry.at}  ${entry.subject.padEnd(7)}  ${entry.from ?? '(new)'} -> ${entry.to}  by ${entry.actor} ${entry.by}` +
        (entry.items?.length ? `  items: ${entry.items.join(', ')}` : '') +
        (entry.note ? `  note: ${entry.note}` : ''),
    );
  }
  return lines.join('\n');
}

function formatPremierQueue(rows: PremierQueueEntry[]): string {
  if (rows.length === 0) return 'No premier applications.';
  return rows
    .map(
      (row) =>
        `${row.kyc2SubmittedAt ?? row.appliedAt}  ${row.state.padEnd(23)}  ${row.email}` +
        (row.investableAssets ? `  assets ${row.investableAssets}` : '') +
        (row.assetProofImageId ? `  proof ${row.assetProofImageId}` : ''),
    )
    .join('\n');
}

const formatPremierDecision = (row: PremierQueueEntry) =>
  `Premier application of ${row.email}: ${row.state}`;

/**
 * `kyc document --out <file>`: write the file (mode 0600, never over an existing file) after
 * checking its SHA-256 against the upload's; answers what to print (never the bytes).
 */
function writeDocument(file: KycDocumentFile, out: string) {
  const bytes = Buffer.from(file.data, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== file.sha256) {
    throw new OpsCommandError(
      `The stored file of ${file.imageId} does not match its SHA-256`,
      false,
    );
  }
  try {
    writeFileSync(out, bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OpsCommandError(
      code === 'EEXIST'
        ? `${out} exists: choose another --out (existing files are never overwritten)`
        : `Cannot write ${out}: ${(error as Error).message}`,
      code === 'EEXIST',
    );
  }
  const { data: _data, ...meta } = file;
  const written = { ...meta, out: path.resolve(out) };
  return {
    json: written,
    text: `Wrote ${written.out}: ${written.contentType}, ${written.size} bytes, sha256 ${written.sha256} (uploaded by ${written.owner} at ${written.uploadedAt})`,
  };
}

export const kycOpsCommands = {
  /** the review queue (submitted, resubmitted, under review) oldest first, or one state */
  'kyc/list': opsCommand({
    options: { state: {} },
    usage: '[--state S]',
    help: `The KYC review queue (submitted, resubmitted, under_review),
oldest submission first; --state lists one state instead
(pending, submitted, under_review, rejected, insufficient,
resubmitted, verified, failed).`,
    input: z.object({ state: z.enum(KYC_STATES).optional() }),
    run: (ctx, input) => listKycQueue(ctx.db, input),
    format: formatKycQueue,
  }),
  'kyc/show': opsCommand({
    argument: EMAIL_ARGUMENT,
    help: `A member's KYC application: fields, images (ids for
"kyc document"), premier application and history.`,
    input: z.object({ email: memberEmail }),
    run: (ctx, input) => showKycApplication(ctx.db, input.email),
    format: formatKycApplication,
  }),
  'kyc/start': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { by: BY },
    help: 'Start the review (submitted/resubmitted -> under_review).',
    input: kycReview(),
    run: (ctx, input) => reviewKyc(kycDeps(ctx), 'start', input),
    format: formatKycApplication,
  }),
  'kyc/approve': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { by: BY },
    help: `Approve (-> verified): kyc2 64 (level 1), the real name; a
premier application waiting for it moves to email_sent.`,
    input: kycReview(),
    run: (ctx, input) => reviewKyc(kycDeps(ctx), 'approve', input),
    format: formatKycApplication,
  }),
  'kyc/reject': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { items: {}, note: {}, by: BY },
    usage: '--items a,b [--note "..."]',
    help: `Reject (-> rejected): the member corrects the listed items
(field names such as surname, issueDate, frontImage, selfieImage;
an empty or unknown item lists the valid ones).`,
    input: kycReview({ items: itemList.optional() }),
    run: (ctx, input) => reviewKyc(kycDeps(ctx), 'reject', input),
    format: formatKycApplication,
  }),
  'kyc/insufficient': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { note: {}, by: BY },
    usage: '--note "..."',
    help: 'Ask for more documents (-> insufficient).',
    input: kycReview({ note: reviewNote }),
    run: (ctx, input) => reviewKyc(kycDeps(ctx), 'insufficient', input),
    format: formatKycApplication,
  }),
  'kyc/fail': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { note: {}, by: BY },
    usage: '--note "..."',
    help: 'Fail the verification for good (-> failed; contact support).',
    input: kycReview({ note: reviewNote }),
    run: (ctx, input) => reviewKyc(kycDeps(ctx), 'fail', input),
    format: formatKycApplication,
  }),
  /** an uploaded file (base64 in `data`; the CLI writes it to --out) */
  'kyc/document': opsCommand({
    argument: { name: 'imageId', what: 'image id' },
    options: { out: { required: '<file>', local: true } },
    usage: '--out <file>',
    help: `Write an uploaded document to <file> (mode 0600; never
overwrites an existing file).`,
    input: z.object({
      imageId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{10,64}$/),
    }),
    run: (ctx, input) => {
      if (!ctx.uploads) throw new Error('no upload storage configured for this command');
      return kycDocument(ctx.db, ctx.uploads, input.imageId);
    },
    deliver: (file, local) => writeDocument(file, local.out!),
  }),
  /** premier applications under review oldest first, or one state */
  'premier/list': opsCommand({
    options: { state: {} },
    usage: '[--state S]',
    help: 'Premier applications under review (or in state S), oldest first.',
    input: z.object({ state: z.enum(PREMIER_STATES).optional() }),
    run: (ctx, input) => listPremier(ctx.db, input),
    format: formatPremierQueue,
  }),
  'premier/approve': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { by: BY },
    help: 'Approve a premier application under review (-> approved).',
    input: z.object({ email: memberEmail, by: operatorName }),
    run: (ctx, input) => decidePremier(kycDeps(ctx), { ...input, decision: 'approve' }),
    format: formatPremierDecision,
  }),
  'premier/reject': opsCommand({
    argument: EMAIL_ARGUMENT,
    options: { note: {}, by: BY },
    usage: '--note "..."',
    help: 'Reject a premier application under review (-> rejected).',
    input: z.object({ email: memberEmail, by: operatorName, note: reviewNote }),
    run: (ctx, input) => decidePremier(kycDeps(ctx), { ...input, decision: 'reject' }),
    format: formatPremierDecision,
  }),
} as const;
