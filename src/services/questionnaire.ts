import {
  questionnaireDraftSchema,
  questionnaireResultOrNullSchema,
  questionnaireResultSchema,
  suitabilitySchema,
  type QuestionnaireAnswers,
  type QuestionnaireDraft,
  type QuestionnaireResult,
  type QuestionnaireSaveBody,
  type Suitability,
  type SuitabilityProduct,
} from '../shared/api/questionnaire';
import { request } from './http-client';
import { queryKeys } from './query-keys';

/**
 * The risk questionnaire (gateway `questionnaire/*`, contract `shared/api/questionnaire.ts`):
 * the member's draft saved per step, submit, the latest result, and a product's suitability
 * (asked by the earn and Smart Autotrade subscribe screens before their call).
 */

export type { QuestionnaireDraft, QuestionnaireResult, Suitability, SuitabilityProduct };

/** Keys of the member's questionnaire: everything under `all` changes with a submit. */
export const questionnaireKeys = {
  all: () => [...queryKeys.member.all, 'questionnaire'] as const,
  draft: () => [...queryKeys.member.all, 'questionnaire', 'draft'] as const,
  result: () => [...queryKeys.member.all, 'questionnaire', 'result'] as const,
  suitability: (product: SuitabilityProduct, id: number) =>
    [...queryKeys.member.all, 'questionnaire', 'suitability', product, id] as const,
};

/** GET /api/v1/questionnaire/draft */
export function getQuestionnaireDraft(signal?: AbortSignal): Promise<QuestionnaireDraft> {
  return request({
    service: 'gateway',
    path: '/questionnaire/draft',
    schema: questionnaireDraftSchema,
    signal,
  });
}

/** POST /api/v1/questionnaire/save: one step's answers. */
export function saveQuestionnaireStep(body: QuestionnaireSaveBody): Promise<QuestionnaireDraft> {
  return request({
    service: 'gateway',
    path: '/questionnaire/save',
    method: 'POST',
    body,
    schema: questionnaireDraftSchema,
  });
}

/** POST /api/v1/questionnaire/submit */
export function submitQuestionnaire(answers: QuestionnaireAnswers): Promise<QuestionnaireResult> {
  return request({
    service: 'gateway',
    path: '/questionnaire/submit',
    method: 'POST',
    body: { answers },
    schema: questionnaireResultSchema,
  });
}

/** GET /api/v1/questionnaire/result: the latest (maybe expired), null before the first. */
export function getQuestionnaireResult(signal?: AbortSignal): Promise<QuestionnaireResult | null> {
  return request({
    service: 'gateway',
    path: '/questionnaire/result',
    schema: questionnaireResultOrNullSchema,
    signal,
  });
}

/** GET /api/v1/questionnaire/suitability?product=&id= */
export function getSuitability(
  product: SuitabilityProduct,
  id: number,
  signal?: AbortSignal,
): Promise<Suitability> {
  return request({
    service: 'gateway',
    path: '/questionnaire/suitability',
    query: { product, id },
    schema: suitabilitySchema,
    signal,
  });
}
