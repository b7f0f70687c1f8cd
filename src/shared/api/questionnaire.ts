/**
 * The risk questionnaire and suitability (spec sections 2, 3 "Questionnaire answers" and 7
 * "Questionnaire"). Calls under `/api/v1/questionnaire/`, all for a signed-in member:
 *
 * - `GET  draft`        the answers saved so far and the step to resume at (null: none saved).
 * - `POST save`         { step, answers }: the answers of one step, merged into the draft.
 * - `POST submit`       { answers } (every question): scored, stored for a year, draft cleared.
 * - `GET  result`       the member's latest result (valid or expired), or null.
 * - `GET  suitability?product=earn|autotrade&id=`: whether subscribing to that product needs the
 *   member's explicit acknowledgement (above their risk type, or no valid questionnaire).
 *
 * Answers are option numbers from 1 (the order of the questions' options in the screens);
 * the option counts are the spec's. The scoring is in `server/domain/questionnaire/scoring.ts`
 * and its table in `src/features/questionnaire/README.md`.
 */
import * as z from 'zod/mini';
import { COUNTRIES } from '../constants/countries';

const int = () => z.number().check(z.int());

/** Option counts of the single-choice questions (spec section 3). */
export const QUESTION_OPTIONS = {
  age: 6,
  maritalStatus: 2,
  education: 5,
  industry: 16,
  job: 20,
  income: 5,
  purpose: 5,
  liquidCapital: 5,
  expectedReturn: 5,
  monthlyLoss: 5,
  lockUp: 5,
} as const;
export type SingleQuestion = keyof typeof QUESTION_OPTIONS;

/** Occupation risk list: 28 risks, or none (an empty list). */
export const OCCUPATION_RISK_COUNT = 28;
/** Products used: 12, multi-select (an empty list: none of them). */
export const PRODUCTS_USED_COUNT = 12;

/** The screens' steps after the intro, in order; each saves its answers. */
export const QUESTIONNAIRE_STEPS = [
  'basic-info',
  'industry',
  'job',
  'occupation-risks',
  'income',
  'purpose',
  'liquid-capital',
  'expected-return',
  'products-used',
  'monthly-loss',
  'lock-up',
] as const;
export type QuestionnaireStep = (typeof QUESTIONNAIRE_STEPS)[number];

/** The answers each step asks for. */
export const STEP_FIELDS = {
  'basic-info': ['country', 'age', 'maritalStatus', 'education'],
  industry: ['industry'],
  job: ['job'],
  'occupation-risks': ['occupationRisks'],
  income: ['income'],
  purpose: ['purpose'],
  'liquid-capital': ['liquidCapital'],
  'expected-return': ['expectedReturn'],
  'products-used': ['productsUsed'],
  'monthly-loss': ['monthlyLoss'],
  'lock-up': ['lockUp'],
} as const satisfies Record<QuestionnaireStep, readonly (keyof QuestionnaireAnswers)[]>;

const option = (count: number) => int().check(z.minimum(1), z.maximum(count));
const choices = (count: number) =>
  z.array(option(count)).check(
    z.maxLength(count),
    z.refine((list) => new Set(list).size === list.length, 'duplicate option'),
  );

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];

const answerShape = {
  country: z.enum(COUNTRY_CODES),
  age: option(QUESTION_OPTIONS.age),
  maritalStatus: option(QUESTION_OPTIONS.maritalStatus),
  education: option(QUESTION_OPTIONS.education),
  industry: option(QUESTION_OPTIONS.industry),
  job: option(QUESTION_OPTIONS.job),
  occupationRisks: choices(OCCUPATION_RISK_COUNT),
  income: option(QUESTION_OPTIONS.income),
  purpose: option(QUESTION_OPTIONS.purpose),
  liquidCapital: option(QUESTION_OPTIONS.liquidCapital),
  expectedReturn: option(QUESTION_OPTIONS.expectedReturn),
  productsUsed: choices(PRODUCTS_USED_COUNT),
  monthlyLoss: option(QUESTION_OPTIONS.monthlyLoss),
  lockUp: option(QUESTION_OPTIONS.lockUp),
};

/** Every answer: the body of submit. */
export const questionnaireAnswersSchema = z.strictObject(answerShape);
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;

/** Some answers: a draft. */
export const questionnaireDraftAnswersSchema = z.partial(questionnaireAnswersSchema);
export type QuestionnaireDraftAnswers = z.infer<typeof questionnaireDraftAnswersSchema>;

export const questionnaireSaveBodySchema = z.object({
  step: z.enum(QUESTIONNAIRE_STEPS),
  answers: questionnaireDraftAnswersSchema,
});
export type QuestionnaireSaveBody = z.infer<typeof questionnaireSaveBodySchema>;

export const questionnaireSubmitBodySchema = z.object({ answers: questionnaireAnswersSchema });
export type QuestionnaireSubmitBody = z.infer<typeof questionnaireSubmitBodySchema>;

export const questionnaireDraftSchema = z.nullable(
  z.object({
    answers: questionnaireDraftAnswersSchema,
    /** the first step not answered yet (null: every step answered, submit is next) */
    resumeStep: z.nullable(z.enum(QUESTIONNAIRE_STEPS)),
    updatedAt: z.string(),
  }),
);
export type QuestionnaireDraft = z.infer<typeof questionnaireDraftSchema>;

/** Risk types 1-5 (spec): Conservative, Steady, Balanced, Growth, Aggressive. */
export const RISK_TYPES = [1, 2, 3, 4, 5] as const;
export type RiskType = (typeof RISK_TYPES)[number];

export const questionnaireResultSchema = z.object({
  id: int(),
  riskType: int(),
  score: int(),
  submittedAt: z.string(),
  expiresAt: z.string(),
  /** expiresAt has passed on the server clock */
  expired: z.boolean(),
});
export type QuestionnaireResult = z.infer<typeof questionnaireResultSchema>;
export const questionnaireResultOrNullSchema = z.nullable(questionnaireResultSchema);

// ---- suitability --------------------------------------------------------------------------------

export const SUITABILITY_PRODUCTS = ['earn', 'autotrade'] as const;
export type SuitabilityProduct = (typeof SUITABILITY_PRODUCTS)[number];

/**
 * A Smart Autotrade strategy's risk on the five-level scale: mirror trading on the member's
 * own exchange account with leverage is never below Balanced (low 3, medium 4, high 5).
 */
export const STRATEGY_RISK_SCALE = { low: 3, medium: 4, high: 5 } as const;

export const suitabilityQuerySchema = z.object({
  product: z.enum(SUITABILITY_PRODUCTS),
  /** earn: the product id (premiumId); autotrade: the strategy id */
  id: z.coerce.number().check(z.int(), z.minimum(1)),
});
export type SuitabilityQuery = z.infer<typeof suitabilityQuerySchema>;

/** Why an acknowledgement is needed: no questionnaire, one over a year old, a riskier product. */
export const SUITABILITY_REASONS = ['missing', 'expired', 'above'] as const;
export type SuitabilityReason = (typeof SUITABILITY_REASONS)[number];

export const suitabilitySchema = z.object({
  /** the product's risk level 1-5 */
  productRisk: int(),
  /** the member's risk type of a valid questionnaire, null without one */
  riskType: z.nullable(int()),
  /** null: suitable, no acknowledgement needed */
  reason: z.nullable(z.enum(SUITABILITY_REASONS)),
});
export type Suitability = z.infer<typeof suitabilitySchema>;

/**
 * The refusal of a subscription without the acknowledgement it needs; `data` is the
 * Suitability (what to tell the member). The body field is `riskAcknowledged: true`.
 */
export const QuestionnaireError = {
  acknowledgementRequired: 'risk_acknowledgement_required',
  incomplete: 'questionnaire_incomplete',
} as const;
