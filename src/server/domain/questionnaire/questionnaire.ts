import { desc, eq } from 'drizzle-orm';
import {
  QUESTIONNAIRE_STEPS,
  QuestionnaireError,
  STEP_FIELDS,
  type QuestionnaireAnswers,
  type QuestionnaireDraft,
  type QuestionnaireDraftAnswers,
  type QuestionnaireResult,
  type QuestionnaireSaveBody,
  type QuestionnaireStep,
} from '../../../shared/api/questionnaire';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { questionnaireDrafts, questionnaireResults } from '../../db/schema';
import { validationError } from '../../errors';
import { scoreQuestionnaire } from './scoring';

/**
 * The member's risk questionnaire: answers saved step by step in one draft (the member who
 * leaves resumes at the first step not answered), submitted whole (scored, stored, the draft
 * cleared), valid for one year from submission on the server clock.
 */

type ResultRow = typeof questionnaireResults.$inferSelect;

/** A questionnaire stays valid this long (a calendar year from submission). */
export function expiryOf(submittedAt: Date): Date {
  const expires = new Date(submittedAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  return expires;
}

/** The first step with an answer missing, null when every one is there. */
export function resumeStepOf(answers: QuestionnaireDraftAnswers): QuestionnaireStep | null {
  return (
    QUESTIONNAIRE_STEPS.find((step) =>
      STEP_FIELDS[step].some((field) => answers[field] === undefined),
    ) ?? null
  );
}

export async function readDraft(db: Db, memberId: number): Promise<QuestionnaireDraft> {
  const [row] = await db
    .select()
    .from(questionnaireDrafts)
    .where(eq(questionnaireDrafts.memberId, memberId));
  if (!row) return null;
  return {
    answers: row.answers,
    resumeStep: resumeStepOf(row.answers),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the answers of one step: every field of that step, nothing else, merged into the draft
 * (a step answered again replaces its answers).
 */
export async function saveStep(
  db: Db,
  clock: Clock,
  memberId: number,
  body: QuestionnaireSaveBody,
): Promise<QuestionnaireDraft> {
  const fields: readonly string[] = STEP_FIELDS[body.step];
  const missing = fields.filter(
    (field) => body.answers[field as keyof QuestionnaireDraftAnswers] === undefined,
  );
  const foreign = Object.keys(body.answers).filter((field) => !fields.includes(field));
  if (missing.length > 0 || foreign.length > 0) {
    throw validationError([
      ...missing.map((field) => ({
        field: `answers.${field}`,
        message: QuestionnaireError.incomplete,
      })),
      ...foreign.map((field) => ({ field: `answers.${field}`, message: 'not_in_step' })),
    ]);
  }
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ answers: questionnaireDrafts.answers })
      .from(questionnaireDrafts)
      .where(eq(questionnaireDrafts.memberId, memberId))
      .for('update');
    const answers = { ...row?.answers, ...body.answers };
    await tx
      .insert(questionnaireDrafts)
      .values({ memberId, answers, updatedAt: now })
      .onConflictDoUpdate({
        target: questionnaireDrafts.memberId,
        set: { answers, updatedAt: now },
      });
  });
  return readDraft(db, memberId);
}

export function resultView(row: ResultRow, now: Date): QuestionnaireResult {
  return {
    id: row.id,
    riskType: row.riskType,
    score: row.score,
    submittedAt: row.submittedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/** The member's latest submitted questionnaire (valid or not), or undefined. */
export async function latestResult(db: Db, memberId: number): Promise<ResultRow | undefined> {
  const [row] = await db
    .select()
    .from(questionnaireResults)
    .where(eq(questionnaireResults.memberId, memberId))
    .orderBy(desc(questionnaireResults.submittedAt), desc(questionnaireResults.id))
    .limit(1);
  return row;
}

export async function readResult(
  db: Db,
  clock: Clock,
  memberId: number,
): Promise<QuestionnaireResult | null> {
  const row = await latestResult(db, memberId);
  return row ? resultView(row, clock.now()) : null;
}

/** Scores and stores the whole questionnaire (valid a year), and clears the draft. */
export async function submitQuestionnaire(
  db: Db,
  clock: Clock,
  memberId: number,
  answers: QuestionnaireAnswers,
): Promise<QuestionnaireResult> {
  const { score, riskType } = scoreQuestionnaire(answers);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(questionnaireResults)
      .values({ memberId, answers, score, riskType, submittedAt: now, expiresAt: expiryOf(now) })
      .returning();
    await tx.delete(questionnaireDrafts).where(eq(questionnaireDrafts.memberId, memberId));
    return inserted;
  });
  if (!row) throw new Error('questionnaire result not written');
  return resultView(row, now);
}
