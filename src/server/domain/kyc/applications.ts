import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  type BusinessVerify,
  type KycDocuments,
  KycError,
  type KycForm,
  type KycPersonal,
  type KycState,
  type KycStatus,
} from '../../../shared/api/kyc';
import { COUNTRIES } from '../../../shared/constants/countries';
import { DOC_ISSUE_PLACES } from '../../../shared/constants/doc-issue-places';
import {
  KycMessage,
  kycPersonalIssues,
  platformDate,
  RESTRICTED_COUNTRIES,
} from '../../../shared/validation/kyc';
import type { Db } from '../../db/database';
import { kycApplications, members } from '../../db/schema';
import { AppError, type FieldIssue, validationError } from '../../errors';
import {
  type Actor,
  type KycApplicationRow,
  type KycDeps,
  lockApplication,
  type PremierApplicationRow,
  readApplication,
  readPremier,
  recordTransition,
} from './context';
import { canEdit, effectiveState, lockedError, selfUserKycStatus, submitTarget } from './state';
import { assertOwnImages, imageUrl, uploadsById } from './uploads';

/**
 * The member's side of identity verification (`/member/ico/kyc/*`, applyBusinessVerify): read
 * the application, save its parts while `canEdit`, submit. Every write runs in one transaction
 * with the application row locked; a state change writes a kyc_history row.
 *
 * Answers: the modify calls, verifyLevelThree and applyBusinessVerify answer the new status
 * (the same shape as getStatus).
 */

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((country) => country.code));
const ISSUE_PLACE_CODES: ReadonlySet<string> = new Set(DOC_ISSUE_PLACES.map((p) => p.code));

interface MemberFacts {
  id: number;
  email: string;
  roleId: number;
  accountType: 'individual' | 'institutional';
}

async function memberFacts(db: Db, memberId: number): Promise<MemberFacts> {
  const [row] = await db
    .select({
      id: members.id,
      email: members.email,
      roleId: members.roleId,
      accountType: members.accountType,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.unauthorized, 'Please login again.');
  return row;
}

function wrongAccountType(): AppError {
  return new AppError(ErrorCode.forbidden, KycError.wrongAccountType);
}

function requireKind(member: MemberFacts, kind: 'individual' | 'institutional'): void {
  if (member.accountType !== kind) throw wrongAccountType();
}

// ---- reads ------------------------------------------------------------------------------------

export function statusOf(
  application: KycApplicationRow | undefined,
  premier: PremierApplicationRow | undefined,
  roleId: number,
): KycStatus {
  const state = effectiveState(application?.state, roleId);
  return {
    selfUserKYCStatus: selfUserKycStatus(state, roleId),
    state,
    kind: application?.kind ?? null,
    submittedAt: application?.submittedAt?.toISOString() ?? null,
    reviewStartedAt: application?.reviewStartedAt?.toISOString() ?? null,
    decidedAt: application?.decidedAt?.toISOString() ?? null,
    rejectedItems: state === 'rejected' ? (application?.rejectedItems ?? []) : [],
    reviewNote: ['rejected', 'insufficient', 'failed'].includes(state)
      ? (application?.reviewNote ?? null)
      : null,
    canEdit: canEdit(state),
    premier: {
      state: premier?.state ?? null,
      appliedAt: premier?.appliedAt.toISOString() ?? null,
      decidedAt: premier?.decidedAt?.toISOString() ?? null,
    },
  };
}

/** getStatus / getLevelThree */
export async function kycStatus(db: Db, memberId: number): Promise<KycStatus> {
  const [member, application, premier] = await Promise.all([
    memberFacts(db, memberId),
    readApplication(db, memberId),
    readPremier(db, memberId),
  ]);
  return statusOf(application, premier, member.roleId);
}

/** The image ids an application refers to, with the item they belong to (documents first). */
export function applicationImages(
  application: Pick<KycApplicationRow, 'documents' | 'business'> | undefined,
): { item: string; imageId: string }[] {
  const list: { item: string; imageId: string }[] = [];
  const documents = application?.documents as KycDocuments | null | undefined;
  if (documents) {
    list.push({ item: 'frontImage', imageId: documents.frontImageId });
    if (documents.backImageId) list.push({ item: 'backImage', imageId: documents.backImageId });
    list.push({ item: 'selfieImage', imageId: documents.selfieImageId });
    list.push({ item: 'secondIdImage', imageId: documents.secondIdImageId });
    for (const [index, id] of (documents.extraImageIds ?? []).entries()) {
      list.push({ item: `extraImage${index + 1}`, imageId: id });
    }
  }
  const business = application?.business as Omit<BusinessVerify, 'declaration'> | null | undefined;
  if (business) {
    for (const [key, id] of Object.entries(business.documents)) {
      list.push({ item: key.replace(/Id$/, ''), imageId: id });
    }
  }
  return list;
}

/** GET kycForm: everything saved so far, with the images it refers to. */
export async function kycForm(db: Db, memberId: number): Promise<KycForm> {
  const [member, application, premier] = await Promise.all([
    memberFacts(db, memberId),
    readApplication(db, memberId),
    readPremier(db, memberId),
  ]);
  const images = await uploadsById(
    db,
    applicationImages(application).map((entry) => entry.imageId),
  );
  return {
    status: statusOf(application, premier, member.roleId),
    personal: (application?.personal as KycPersonal | null | undefined) ?? null,
    documents: (application?.documents as KycDocuments | null | undefined) ?? null,
    business:
      (application?.business as Omit<BusinessVerify, 'declaration'> | null | undefined) ?? null,
    images: images
      .filter((row) => row.memberId === memberId)
      .map((row) => ({
        imageId: row.id,
        contentType: row.contentType,
        size: row.size,
        url: imageUrl(row.id),
      })),
  };
}

export async function levelOne(db: Db, memberId: number): Promise<KycPersonal | null> {
  const application = await readApplication(db, memberId);
  return (application?.personal as KycPersonal | null | undefined) ?? null;
}

export async function levelTwo(db: Db, memberId: number): Promise<KycDocuments | null> {
  const application = await readApplication(db, memberId);
  return (application?.documents as KycDocuments | null | undefined) ?? null;
}

// ---- validation beyond the schema --------------------------------------------------------------

function personalIssues(personal: KycPersonal, today: string): FieldIssue[] {
  const issues: FieldIssue[] = kycPersonalIssues(personal, today);
  for (const field of ['nationality', 'countryOfResidence'] as const) {
    if (!COUNTRY_CODES.has(personal[field]) && !issues.some((i) => i.field === field)) {
      issues.push({ field, message: KycMessage.unknownCode });
    }
  }
  // A Taiwan ID card names one of the printed issuing places; other documents (foreign
  // passports, ...) name their issuing authority in free text.
  if (personal.idType === 'id_card' && !ISSUE_PLACE_CODES.has(personal.issuePlace)) {
    issues.push({ field: 'issuePlace', message: KycMessage.unknownCode });
  }
  return issues;
}

/** Upper-case document numbers; everything else as the schema cleaned it. */
function normalisePersonal(personal: KycPersonal): KycPersonal {
  return {
    ...personal,
    ...(personal.nationalIdNumber
      ? { nationalIdNumber: personal.nationalIdNumber.toUpperCase() }
      : {}),
    ...(personal.passportNumber ? { passportNumber: personal.passportNumber.toUpperCase() } : {}),
  };
}

function documentImages(documents: KycDocuments): { field: string; imageId: string }[] {
  return [
    { field: 'frontImageId', imageId: documents.frontImageId },
    ...(documents.backImageId ? [{ field: 'backImageId', imageId: documents.backImageId }] : []),
    { field: 'selfieImageId', imageId: documents.selfieImageId },
    { field: 'secondIdImageId', imageId: documents.secondIdImageId },
    ...(documents.extraImageIds ?? []).map((imageId, index) => ({
      field: `extraImageIds.${index}`,
      imageId,
    })),
  ];
}

function needsBackImage(personal: KycPersonal | null | undefined): boolean {
  return personal?.idType !== 'passport';
}

// ---- writes -----------------------------------------------------------------------------------

async function afterWrite(deps: KycDeps, memberId: number): Promise<KycStatus> {
  return kycStatus(deps.db, memberId);
}

/** The effective state of a locked row for a member (the kyc2 bit reads as verified). */
function lockedState(row: KycApplicationRow, member: MemberFacts): KycState {
  return effectiveState(row.state, member.roleId);
}

/** POST modifyLevelOne: save the personal part (individual accounts, while canEdit). */
export async function modifyLevelOne(
  deps: KycDeps,
  memberId: number,
  body: KycPersonal,
): Promise<KycStatus> {
  const member = await memberFacts(deps.db, memberId);
  requireKind(member, 'individual');
  const issues = personalIssues(body, platformDate(deps.clock.now()));
  if (issues.length > 0) throw validationError(issues);
  const personal = normalisePersonal(body);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockApplication(tx, memberId, 'individual', now);
    const state = lockedState(row, member);
    if (!canEdit(state)) throw lockedError(state);
    await tx
      .update(kycApplications)
      .set({ personal, updatedAt: now })
      .where(eq(kycApplications.memberId, memberId));
  });
  return afterWrite(deps, memberId);
}

/** POST modifyLevelTwo: save the documents (own uploads only; back image unless passport). */
export async function modifyLevelTwo(
  deps: KycDeps,
  memberId: number,
  body: KycDocuments,
): Promise<KycStatus> {
  const member = await memberFacts(deps.db, memberId);
  requireKind(member, 'individual');
  await assertOwnImages(deps.db, memberId, documentImages(body));
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockApplication(tx, memberId, 'individual', now);
    const state = lockedState(row, member);
    if (!canEdit(state)) throw lockedError(state);
    if (!body.backImageId && needsBackImage(row.personal as KycPersonal | null)) {
      throw validationError([{ field: 'backImageId', message: KycMessage.required }]);
    }
    await tx
      .update(kycApplications)
      .set({ documents: body, updatedAt: now })
      .where(eq(kycApplications.memberId, memberId));
  });
  return afterWrite(deps, memberId);
}

function incompleteError(missing: string[]): AppError {
  return new AppError(ErrorCode.conflict, KycError.incomplete, { missing });
}

/**
 * Move a locked row from its state to `to` as the member's submission (first or again): the
 * queue position is the latest submission; a resubmission clears the previous marks.
 */
async function submitRow(
  tx: Db,
  row: KycApplicationRow,
  to: KycState,
  by: Actor,
  now: Date,
  parts: Partial<Pick<KycApplicationRow, 'business'>> = {},
): Promise<void> {
  await tx
    .update(kycApplications)
    .set({
      ...parts,
      state: to,
      submittedAt: row.submittedAt ?? now,
      lastSubmittedAt: now,
      rejectedItems: [],
      reviewNote: null,
      updatedAt: now,
    })
    .where(eq(kycApplications.memberId, row.memberId));
  await recordTransition(tx, {
    memberId: row.memberId,
    subject: 'kyc',
    from: row.state,
    to,
    by,
    at: now,
  });
}

/**
 * POST verifyLevelThree: submit the individual application. pending -> submitted; rejected /
 * insufficient -> resubmitted; submitted / resubmitted: unchanged (already in the queue);
 * under_review / verified / failed: kyc_locked; a missing part: kyc_incomplete (data.missing).
 * The personal part is checked again against today's date (a document may have expired).
 */
export async function submitIndividual(deps: KycDeps, memberId: number): Promise<KycStatus> {
  const member = await memberFacts(deps.db, memberId);
  requireKind(member, 'individual');
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockApplication(tx, memberId, 'individual', now);
    const target = submitTarget(lockedState(row, member));
    if (target === 'unchanged') return;
    const personal = row.personal as KycPersonal | null;
    const documents = row.documents as KycDocuments | null;
    const missing = [
      ...(personal ? [] : ['personal']),
      ...(documents ? [] : ['documents']),
      ...(documents && !documents.backImageId && needsBackImage(personal) ? ['backImageId'] : []),
    ];
    if (missing.length > 0) throw incompleteError(missing);
    const issues = personalIssues(personal!, platformDate(now));
    if (issues.length > 0) throw validationError(issues);
    await submitRow(tx, row, target, { actor: 'member', name: member.email }, now);
  });
  return afterWrite(deps, memberId);
}

/**
 * POST /member/applyBusinessVerify: institutional accounts save and submit in one call (same
 * state machine: pending -> submitted, rejected / insufficient -> resubmitted, submitted: the
 * saved part is replaced and it stays submitted; otherwise kyc_locked).
 */
export async function applyBusinessVerify(
  deps: KycDeps,
  memberId: number,
  body: BusinessVerify,
): Promise<KycStatus> {
  const member = await memberFacts(deps.db, memberId);
  requireKind(member, 'institutional');
  const country = body.countryOfIncorporation;
  if (RESTRICTED_COUNTRIES.includes(country) || !COUNTRY_CODES.has(country)) {
    throw validationError([
      {
        field: 'countryOfIncorporation',
        message: COUNTRY_CODES.has(country) ? KycMessage.restrictedCountry : KycMessage.unknownCode,
      },
    ]);
  }
  await assertOwnImages(
    deps.db,
    memberId,
    Object.entries(body.documents).map(([key, imageId]) => ({
      field: `documents.${key}`,
      imageId,
    })),
  );
  const { declaration: _declaration, ...business } = body;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockApplication(tx, memberId, 'institutional', now);
    const state = lockedState(row, member);
    if (!canEdit(state)) throw lockedError(state);
    const target = submitTarget(state);
    if (target === 'unchanged') {
      await tx
        .update(kycApplications)
        .set({ business, updatedAt: now })
        .where(eq(kycApplications.memberId, memberId));
      return;
    }
    await submitRow(tx, row, target, { actor: 'member', name: member.email }, now, { business });
  });
  return afterWrite(deps, memberId);
}
