import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import type {
  BusinessVerify,
  KycDocuments,
  KycItem,
  KycPersonal,
  KycState,
} from '../../../shared/api/kyc';
import { ROLE } from '../../../shared/membership/levels';
import type { Db } from '../../db/database';
import { kycApplications, kycHistory, members } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import { readUpload, type UploadStorage } from '../../storage/uploads';
import type { OutgoingMessage } from '../auth/outbox';
import {
  type Actor,
  type KycApplicationRow,
  type KycDeps,
  readPremier,
  recordTransition,
  sendAll,
} from './context';
import { applicationImages } from './applications';
import { kycMail, type KycMailKind } from './mail';
import { memberByEmail } from './members';
import { premierOnKycApproved, type PremierQueueEntry, premierView } from './premier';
import { itemsFor, type KycDecision, operatorPath, QUEUE_STATES } from './state';
import { uploadsById } from './uploads';

/**
 * The operator's side of identity verification (ops CLI `kyc ...`): the review queue, the
 * application with its images and history, and the decisions. Each decision e-mails the member
 * (subject and a short text; the app shows the details). Approval sets the kyc2 role bit (64,
 * level 1) and the member's real name, and moves a premier application that waited for it to
 * email_sent (with its e-mail).
 */

export interface KycQueueEntry {
  email: string;
  kind: 'individual' | 'institutional';
  state: KycState;
  name: string | null;
  submittedAt: string | null;
  lastSubmittedAt: string | null;
  reviewStartedAt: string | null;
}

function nameOf(row: Pick<KycApplicationRow, 'personal' | 'business'>): string | null {
  const personal = row.personal as KycPersonal | null;
  if (personal) return realNameOf(personal.surname, personal.givenName);
  const business = row.business as { companyName?: string } | null;
  return business?.companyName ?? null;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/;

/**
 * The real name from the document: surname then given name, written together for CJK names
 * (王 + 小明 = 王小明) and with a space otherwise (CHEN + Mei-Ling = CHEN Mei-Ling).
 */
export function realNameOf(surname: string, givenName: string): string {
  return CJK.test(surname) && CJK.test(givenName)
    ? `${surname}${givenName}`
    : `${surname} ${givenName}`;
}

/** `kyc list [--state S]`: the queue (submitted, resubmitted, under review), oldest first. */
export async function listKycQueue(
  db: Db,
  input: { state?: KycState | undefined },
): Promise<KycQueueEntry[]> {
  const states = input.state ? [input.state] : [...QUEUE_STATES];
  const rows = await db
    .select({ row: kycApplications, email: members.email })
    .from(kycApplications)
    .innerJoin(members, eq(members.id, kycApplications.memberId))
    .where(inArray(kycApplications.state, states))
    .orderBy(
      sql`${kycApplications.lastSubmittedAt} asc nulls last`,
      asc(kycApplications.updatedAt),
      asc(kycApplications.memberId),
    )
    .limit(500);
  return rows.map(({ row, email }) => ({
    email,
    kind: row.kind,
    state: row.state,
    name: nameOf(row),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    lastSubmittedAt: row.lastSubmittedAt?.toISOString() ?? null,
    reviewStartedAt: row.reviewStartedAt?.toISOString() ?? null,
  }));
}

export interface KycApplicationView {
  member: {
    id: number;
    email: string;
    accountType: 'individual' | 'institutional';
    roleId: number;
    realName: string | null;
  };
  application: {
    kind: 'individual' | 'institutional';
    state: KycState;
    personal: KycPersonal | null;
    documents: KycDocuments | null;
    business: Omit<BusinessVerify, 'declaration'> | null;
    rejectedItems: string[];
    reviewNote: string | null;
    submittedAt: string | null;
    lastSubmittedAt: string | null;
    reviewStartedAt: string | null;
    decidedAt: string | null;
  } | null;
  images: {
    item: string;
    imageId: string;
    contentType: string;
    size: number;
    sha256: string;
    uploadedAt: string;
  }[];
  premier: (PremierQueueEntry & { decidedAt: string | null; reviewNote: string | null }) | null;
  history: {
    at: string;
    subject: 'kyc' | 'premier';
    from: string | null;
    to: string;
    actor: string;
    by: string;
    note: string | null;
    items: string[] | null;
  }[];
}

/** `kyc show <email>`: the application, its images (ids to fetch with `kyc document`), history. */
export async function showKycApplication(db: Db, email: string): Promise<KycApplicationView> {
  const member = await memberByEmail(db, email);
  const [application] = await db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.memberId, member.id));
  const premier = await readPremier(db, member.id);
  const referenced = [
    ...applicationImages(application),
    ...(premier?.assetProofImageId
      ? [{ item: 'premierAssetProof', imageId: premier.assetProofImageId }]
      : []),
  ];
  const rows = await uploadsById(
    db,
    referenced.map((entry) => entry.imageId),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const history = await db
    .select()
    .from(kycHistory)
    .where(eq(kycHistory.memberId, member.id))
    .orderBy(asc(kycHistory.id));
  return {
    member: {
      id: member.id,
      email: member.email,
      accountType: member.accountType,
      roleId: member.roleId,
      realName: member.realName,
    },
    application: application
      ? {
          kind: application.kind,
          state: application.state,
          personal: application.personal as KycPersonal | null,
          documents: application.documents as KycDocuments | null,
          business: application.business as Omit<BusinessVerify, 'declaration'> | null,
          rejectedItems: application.rejectedItems,
          reviewNote: application.reviewNote,
          submittedAt: application.submittedAt?.toISOString() ?? null,
          lastSubmittedAt: application.lastSubmittedAt?.toISOString() ?? null,
          reviewStartedAt: application.reviewStartedAt?.toISOString() ?? null,
          decidedAt: application.decidedAt?.toISOString() ?? null,
        }
      : null,
    images: referenced.flatMap(({ item, imageId }) => {
      const row = byId.get(imageId);
      // only the member's own uploads (the member calls never accept another one's id)
      if (!row || row.memberId !== member.id) return [];
      return [
        {
          item,
          imageId,
          contentType: row.contentType,
          size: row.size,
          sha256: row.sha256,
          uploadedAt: row.createdAt.toISOString(),
        },
      ];
    }),
    premier: premier
      ? {
          ...premierView(premier, member.email),
          decidedAt: premier.decidedAt?.toISOString() ?? null,
          reviewNote: premier.reviewNote,
        }
      : null,
    history: history.map((row) => ({
      at: row.createdAt.toISOString(),
      subject: row.subject,
      from: row.fromState,
      to: row.toState,
      actor: row.actor,
      by: row.actorName,
      note: row.note,
      items: row.items,
    })),
  };
}

const DECISION_MAIL: Record<KycDecision, KycMailKind> = {
  approve: 'kyc_verified',
  reject: 'kyc_rejected',
  insufficient: 'kyc_insufficient',
  fail: 'kyc_failed',
};

export interface KycReviewInput {
  email: string;
  /** the operator's name for the history */
  by: string;
  note?: string | undefined;
  items?: string[] | undefined;
}

/**
 * `kyc start` and the decisions. start: submitted / resubmitted -> under_review. approve,
 * reject (items required, from the application kind's items), insufficient and fail (note
 * required): from under_review, or from submitted / resubmitted through under_review. Any
 * other state is refused with a message naming it.
 */
export async function reviewKyc(
  deps: KycDeps,
  action: 'start' | KycDecision,
  input: KycReviewInput,
): Promise<KycApplicationView> {
  const member = await memberByEmail(deps.db, input.email);
  const note = input.note?.trim() || null;
  if ((action === 'insufficient' || action === 'fail') && !note) {
    throw validationError([{ field: 'note', message: 'a note to the member is required' }]);
  }
  const by: Actor = { actor: 'operator', name: input.by };
  const mails: OutgoingMessage[] = [];

  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.memberId, member.id))
      .for('update');
    if (!row) {
      throw new AppError(
        ErrorCode.conflict,
        `Cannot ${action} the KYC application of ${member.email}: the member has not applied.`,
        { state: 'pending' },
      );
    }
    const steps = operatorPath(action, member.email, row.state);

    let items: KycItem[] = [];
    if (action === 'reject') {
      const allowed = itemsFor(row.kind);
      const given = [...new Set((input.items ?? []).map((item) => item.trim()).filter(Boolean))];
      const unknown = given.filter((item) => !allowed.includes(item as KycItem));
      if (given.length === 0 || unknown.length > 0) {
        throw validationError([
          {
            field: 'items',
            message:
              given.length === 0
                ? `name the items to correct (${row.kind}: ${allowed.join(', ')})`
                : `not an item of an ${row.kind} application: ${unknown.join(', ')} (items: ${allowed.join(', ')})`,
          },
        ]);
      }
      items = given as KycItem[];
    }

    for (const step of steps) {
      const decided = step.to !== 'under_review';
      await tx
        .update(kycApplications)
        .set({
          state: step.to,
          updatedAt: now,
          ...(step.to === 'under_review' ? { reviewStartedAt: now, decidedAt: null } : {}),
          ...(decided
            ? {
                decidedAt: now,
                rejectedItems: step.to === 'rejected' ? items : [],
                reviewNote: note,
              }
            : {}),
        })
        .where(eq(kycApplications.memberId, member.id));
      await recordTransition(tx, {
        memberId: member.id,
        subject: 'kyc',
        from: step.from,
        to: step.to,
        by,
        at: now,
        note: decided ? note : null,
        items: decided && items.length > 0 ? items : null,
      });
    }

    if (action === 'approve') {
      await tx
        .update(members)
        .set({
          roleId: sql`${members.roleId} | ${ROLE.kyc2}`,
          realName: nameOf(row),
          updatedAt: now,
        })
        .where(eq(members.id, member.id));
      const moved = await premierOnKycApproved(
        tx,
        member.id,
        { actor: 'system', name: 'kyc approval' },
        now,
      );
      if (moved) mails.push(kycMail('premier_next_step', member.email, deps.appOrigin));
    }
    if (action !== 'start') {
      mails.unshift(kycMail(DECISION_MAIL[action], member.email, deps.appOrigin));
    }
  });

  await sendAll(deps, mails);
  return showKycApplication(deps.db, member.email);
}

export interface KycDocumentFile {
  imageId: string;
  owner: string;
  contentType: string;
  size: number;
  sha256: string;
  uploadedAt: string;
  /** the file, base64 (the CLI writes it to --out) */
  data: string;
}

/** `kyc document <imageId> --out <file>`: an uploaded file for the operator. */
export async function kycDocument(
  db: Db,
  storage: UploadStorage,
  imageId: string,
): Promise<KycDocumentFile> {
  const [row] = await uploadsById(db, [imageId]);
  if (!row) throw new AppError(ErrorCode.notFound, `No upload with id ${imageId}`);
  const data = await readUpload(storage, row.id);
  if (!data) {
    throw new AppError(ErrorCode.notFound, `The file of upload ${imageId} is missing from storage`);
  }
  const [owner] = await db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, row.memberId));
  return {
    imageId: row.id,
    owner: owner?.email ?? `member #${row.memberId}`,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    uploadedAt: row.createdAt.toISOString(),
    data: data.toString('base64'),
  };
}
