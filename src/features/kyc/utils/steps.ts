/**
 * The steps of the individual form and where the page opens (spec section 2: `?step=upload`
 * goes to the upload step). Progress is saved per step on the server, so the step to show
 * follows from what is saved; the URL's `step` (kept in sync while the member moves) wins when
 * it is reachable.
 */

export const KYC_STEPS = ['personal', 'documents', 'review'] as const;
export type KycStep = (typeof KYC_STEPS)[number];

/** The `step` query value of each step (`upload` is the spec's). */
export const STEP_QUERY: Record<KycStep, string> = {
  personal: 'personal',
  documents: 'upload',
  review: 'review',
};

export function stepFromQuery(value: string | null): KycStep | null {
  const found = KYC_STEPS.find((step) => STEP_QUERY[step] === value);
  return found ?? null;
}

/** The document items of the individual form (KYC_ITEMS names). */
export const DOCUMENT_ITEMS = ['frontImage', 'backImage', 'selfieImage', 'secondIdImage'] as const;
export type DocumentItem = (typeof DOCUMENT_ITEMS)[number];

/** The documents asked for: the back of the document except for a passport. */
export function documentItemsFor(idType: string | undefined): DocumentItem[] {
  return DOCUMENT_ITEMS.filter((item) => item !== 'backImage' || idType !== 'passport');
}

export interface StepContext {
  /** The URL's `step`. */
  requested: KycStep | null;
  personalSaved: boolean;
  documentsSaved: boolean;
  /** Items the reviewer marked (state rejected). */
  rejectedItems?: readonly string[];
}

export interface OpeningStep {
  step: KycStep;
  /** The URL asked for a later step that needs the personal part saved first. */
  needsPersonalFirst: boolean;
}

/** The furthest step the saved data allows. */
export function reachableStep(context: Pick<StepContext, 'personalSaved' | 'documentsSaved'>) {
  if (!context.personalSaved) return 'personal';
  if (!context.documentsSaved) return 'documents';
  return 'review';
}

export function openingStep(context: StepContext): OpeningStep {
  const furthest = reachableStep(context);
  const order = (step: KycStep) => KYC_STEPS.indexOf(step);
  if (context.requested) {
    if (order(context.requested) <= order(furthest)) {
      return { step: context.requested, needsPersonalFirst: false };
    }
    return {
      step: furthest,
      needsPersonalFirst: !context.personalSaved && context.requested !== 'personal',
    };
  }
  const marked = context.rejectedItems ?? [];
  if (marked.length > 0) {
    const documentsOnly = marked.every((item) =>
      (DOCUMENT_ITEMS as readonly string[]).includes(item),
    );
    return {
      step: documentsOnly && context.personalSaved ? 'documents' : 'personal',
      needsPersonalFirst: false,
    };
  }
  return { step: furthest, needsPersonalFirst: false };
}
