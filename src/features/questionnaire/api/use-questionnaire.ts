import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getQuestionnaireDraft,
  getQuestionnaireResult,
  questionnaireKeys,
  saveQuestionnaireStep,
  submitQuestionnaire,
} from '../../../services/questionnaire';
import { cachePresets } from '../../../services/query-keys';
import type {
  QuestionnaireAnswers,
  QuestionnaireSaveBody,
} from '../../../shared/api/questionnaire';

/** The member's saved answers and the step to resume at (read on every visit). */
export function questionnaireDraftQueryOptions() {
  return queryOptions({
    queryKey: questionnaireKeys.draft(),
    queryFn: ({ signal }) => getQuestionnaireDraft(signal),
    ...cachePresets.fresh,
  });
}

export function useQuestionnaireDraft() {
  return useQuery(questionnaireDraftQueryOptions());
}

/** The latest result (maybe expired; null before the first). */
export function useQuestionnaireResult() {
  return useQuery({
    queryKey: questionnaireKeys.result(),
    queryFn: ({ signal }) => getQuestionnaireResult(signal),
    ...cachePresets.fresh,
  });
}

/** Saves one step; the answer becomes the cached draft. */
export function useSaveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionnaireSaveBody) => saveQuestionnaireStep(body),
    onSuccess: (draft) => queryClient.setQueryData(questionnaireKeys.draft(), draft),
  });
}

/** Submits the whole questionnaire: the result, the draft and every suitability change. */
export function useSubmitQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuestionnaireAnswers) => submitQuestionnaire(answers),
    onSuccess: async (result) => {
      queryClient.setQueryData(questionnaireKeys.draft(), null);
      queryClient.setQueryData(questionnaireKeys.result(), result);
      await queryClient.invalidateQueries({ queryKey: questionnaireKeys.all() });
    },
  });
}
