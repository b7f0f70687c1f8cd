import {
  OCCUPATION_RISK_COUNT,
  PRODUCTS_USED_COUNT,
  QUESTION_OPTIONS,
  QUESTIONNAIRE_STEPS,
  type QuestionnaireStep,
  type SingleQuestion,
} from '../../shared/api/questionnaire';

/** What each step of /risk-questionnaire/{step} shows (the answers are STEP_FIELDS). */
export type StepView =
  | { kind: 'basic' }
  | { kind: 'single'; field: SingleQuestion; count: number }
  | {
      kind: 'multi';
      field: 'occupationRisks' | 'productsUsed';
      count: number;
      /** occupation risks: "None of the above" must be chosen explicitly */
      explicitNone: boolean;
    };

const single = (field: SingleQuestion): StepView => ({
  kind: 'single',
  field,
  count: QUESTION_OPTIONS[field],
});

export const STEP_VIEWS: Record<QuestionnaireStep, StepView> = {
  'basic-info': { kind: 'basic' },
  industry: single('industry'),
  job: single('job'),
  'occupation-risks': {
    kind: 'multi',
    field: 'occupationRisks',
    count: OCCUPATION_RISK_COUNT,
    explicitNone: true,
  },
  income: single('income'),
  purpose: single('purpose'),
  'liquid-capital': single('liquidCapital'),
  'expected-return': single('expectedReturn'),
  'products-used': {
    kind: 'multi',
    field: 'productsUsed',
    count: PRODUCTS_USED_COUNT,
    explicitNone: false,
  },
  'monthly-loss': single('monthlyLoss'),
  'lock-up': single('lockUp'),
};

/** The route's step param: a questionnaire step, 'result', or the intro (undefined). */
export const RESULT_STEP = 'result';

export function isQuestionnaireStep(value: string | undefined): value is QuestionnaireStep {
  return (QUESTIONNAIRE_STEPS as readonly string[]).includes(value ?? '');
}

export function stepAfter(step: QuestionnaireStep): QuestionnaireStep | undefined {
  return QUESTIONNAIRE_STEPS[QUESTIONNAIRE_STEPS.indexOf(step) + 1];
}

export function stepBefore(step: QuestionnaireStep): QuestionnaireStep | undefined {
  const index = QUESTIONNAIRE_STEPS.indexOf(step);
  return index > 0 ? QUESTIONNAIRE_STEPS[index - 1] : undefined;
}

/** 1..n */
export const optionNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/**
 * Where "Back to the product" returns: the `back` query, an in-app path only (never another
 * origin).
 */
export function safeBackPath(back: string | null): string | undefined {
  return back && back.startsWith('/') && !back.startsWith('//') && !back.includes('\\')
    ? back
    : undefined;
}
