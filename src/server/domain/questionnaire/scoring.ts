import type { QuestionnaireAnswers, RiskType } from '../../../shared/api/questionnaire';

/**
 * The risk questionnaire's scoring (the table is in src/features/questionnaire/README.md, which
 * must say the same as this file; scoring.test.ts checks the examples it gives).
 *
 * Eight answers are scored, each 1 to 5 points (8 to 40 in all); the profile answers (country,
 * marital status, education, industry, job, occupation risks) are recorded, not scored. The total
 * gives the risk type by band; the tolerable monthly loss then caps it (a member who accepts
 * losing little is not put above one type more than that answer).
 */

/** Points of each option, by option number - 1. */
export const POINTS = {
  // under 20, 20-29, 30-39, 40-49, 50-59, 60 and over
  age: [3, 5, 5, 4, 2, 1],
  // income bands, lowest first
  income: [1, 2, 3, 4, 5],
  // capital preservation, stable income, balanced growth, long-term growth, high returns
  purpose: [1, 2, 3, 4, 5],
  // liquid capital bands, lowest first
  liquidCapital: [1, 2, 3, 4, 5],
  // expected annual return bands, lowest first
  expectedReturn: [1, 2, 3, 4, 5],
  // tolerable monthly loss on one million, lowest first
  monthlyLoss: [1, 2, 3, 4, 5],
  // maximum lock-up time, shortest first
  lockUp: [1, 2, 3, 4, 5],
} as const satisfies Partial<Record<keyof QuestionnaireAnswers, readonly number[]>>;

/**
 * Products used (options 1-12): how complex each is. 0: deposits, insurance; 1: bonds, funds,
 * ETFs; 2: stocks, structured products, crypto spot; 3: forex, futures, options, crypto
 * derivatives.
 */
export const PRODUCT_COMPLEXITY = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3] as const;

/** 1 + the most complex product used, + 1 for four products or more; at most 5. */
export function productsUsedPoints(productsUsed: readonly number[]): number {
  if (productsUsed.length === 0) return 1;
  const most = Math.max(...productsUsed.map((option) => PRODUCT_COMPLEXITY[option - 1] ?? 0));
  return Math.min(5, 1 + most + (productsUsed.length >= 4 ? 1 : 0));
}

/** Lowest total of each risk type (8-14 Conservative ... 34-40 Aggressive). */
export const TYPE_FLOORS = [8, 15, 21, 28, 34] as const;

export function questionnaireScore(answers: QuestionnaireAnswers): number {
  const point = (question: keyof typeof POINTS) => POINTS[question][answers[question] - 1] ?? 0;
  return (
    point('age') +
    point('income') +
    point('purpose') +
    point('liquidCapital') +
    point('expectedReturn') +
    point('monthlyLoss') +
    point('lockUp') +
    productsUsedPoints(answers.productsUsed)
  );
}

export function riskTypeOfScore(score: number): RiskType {
  let type = 1;
  TYPE_FLOORS.forEach((floor, index) => {
    if (score >= floor) type = index + 1;
  });
  return type as RiskType;
}

export interface QuestionnaireScoring {
  score: number;
  riskType: RiskType;
}

/** The score, and the risk type: the band of the score, at most the monthly-loss answer + 1. */
export function scoreQuestionnaire(answers: QuestionnaireAnswers): QuestionnaireScoring {
  const score = questionnaireScore(answers);
  const cap = Math.min(5, answers.monthlyLoss + 1);
  return { score, riskType: Math.min(riskTypeOfScore(score), cap) as RiskType };
}
