import { ErrorCode } from '../../../shared/api/envelope';
import {
  KYC_ITEMS,
  KYC_STATUS_CODE,
  KYC_VERIFIED_STATUS,
  KycError,
  type KycItem,
  type KycState,
  kycPersonalSchema,
} from '../../../shared/api/kyc';
import { isKycVerified } from '../../../shared/membership/levels';
import { AppError } from '../../errors';

/**
 * The KYC state machine of src/shared/api/kyc.ts as pure functions (the member's side and the
 * operator's side). Domain functions read the application under a row lock, ask these what the
 * next state is, and write it with a history row.
 *
 *   member edit:    pending | submitted | rejected | insufficient (canEdit) -> unchanged
 *   member submit:  pending -> submitted; rejected | insufficient -> resubmitted;
 *                   submitted | resubmitted -> unchanged (already waiting for review)
 *   operator start: submitted | resubmitted -> under_review
 *   operator decision (approve, reject, insufficient, fail): under_review -> verified |
 *                   rejected | insufficient | failed; from submitted | resubmitted the review
 *                   starts implicitly (two history rows)
 */

export const EDITABLE_STATES: readonly KycState[] = [
  'pending',
  'submitted',
  'rejected',
  'insufficient',
];
/** Waiting in the review queue (oldest submission first). */
export const QUEUE_STATES: readonly KycState[] = ['submitted', 'resubmitted', 'under_review'];
const LOCKED_STATES: readonly KycState[] = ['under_review', 'verified', 'failed'];

export function canEdit(state: KycState): boolean {
  return EDITABLE_STATES.includes(state);
}

/**
 * The state the member sees: the application's, except that the kyc2 role bit (identity
 * verified, level 1) always reads as verified (an operator may have set it with
 * `member verify` / `member roles`, which bypass the review).
 */
export function effectiveState(state: KycState | undefined, roleId: number): KycState {
  if (isKycVerified(roleId)) return 'verified';
  return state ?? 'pending';
}

/** `selfUserKYCStatus`: 4 exactly when the kyc2 bit is set (what the KYC gate checks). */
export function selfUserKycStatus(state: KycState, roleId: number): number {
  if (isKycVerified(roleId)) return KYC_VERIFIED_STATUS;
  return Math.min(KYC_STATUS_CODE[state], KYC_VERIFIED_STATUS - 1);
}

export function lockedError(state: KycState): AppError {
  return new AppError(ErrorCode.conflict, KycError.locked, { state });
}

/** An edit (modifyLevelOne/Two, applyBusinessVerify's save) is allowed now, else kyc_locked. */
export function assertEditable(state: KycState): void {
  if (!canEdit(state)) throw lockedError(state);
}

/** What a member's submit does in `state`: the next state, `unchanged`, or a refusal. */
export function submitTarget(state: KycState): KycState | 'unchanged' {
  switch (state) {
    case 'pending':
      return 'submitted';
    case 'rejected':
    case 'insufficient':
      return 'resubmitted';
    case 'submitted':
    case 'resubmitted':
      return 'unchanged';
    default:
      throw lockedError(state);
  }
}

export function isLocked(state: KycState): boolean {
  return LOCKED_STATES.includes(state);
}

export type KycDecision = 'approve' | 'reject' | 'insufficient' | 'fail';

export const DECISION_TARGET: Record<KycDecision, KycState> = {
  approve: 'verified',
  reject: 'rejected',
  insufficient: 'insufficient',
  fail: 'failed',
};

/** Refusal of an operator command in the wrong state: a message the CLI prints as it is. */
export function operatorStateError(
  action: 'start' | KycDecision,
  email: string,
  state: KycState,
): AppError {
  const why =
    state === 'pending'
      ? 'it has not been submitted'
      : state === 'under_review' && action === 'start'
        ? 'it is already under review'
        : ['rejected', 'insufficient'].includes(state)
          ? `it is ${state}: waiting for the member to resubmit`
          : state === 'verified' || state === 'failed'
            ? `it is already decided (${state})`
            : `it is ${state}`;
  return new AppError(
    ErrorCode.conflict,
    `Cannot ${action} the KYC application of ${email}: ${why}.`,
    { state },
  );
}

/**
 * The transitions of an operator action from `state`: `start` moves submitted/resubmitted to
 * under_review; a decision moves under_review (or submitted/resubmitted through under_review)
 * to its target. Throws the operator error for any other state.
 */
export function operatorPath(
  action: 'start' | KycDecision,
  email: string,
  state: KycState,
): { from: KycState; to: KycState }[] {
  const waiting = state === 'submitted' || state === 'resubmitted';
  if (action === 'start') {
    if (!waiting) throw operatorStateError(action, email, state);
    return [{ from: state, to: 'under_review' }];
  }
  const target = DECISION_TARGET[action];
  if (state === 'under_review') return [{ from: state, to: target }];
  if (waiting) {
    return [
      { from: state, to: 'under_review' },
      { from: 'under_review', to: target },
    ];
  }
  throw operatorStateError(action, email, state);
}

// ---- items an operator can mark (reject --items) --------------------------------------------
const INDIVIDUAL_DOCUMENT_ITEMS = ['frontImage', 'backImage', 'selfieImage', 'secondIdImage'];
export const INDIVIDUAL_ITEMS: readonly KycItem[] = [
  ...(Object.keys(kycPersonalSchema.shape) as KycItem[]),
  ...(INDIVIDUAL_DOCUMENT_ITEMS as KycItem[]),
];
export const INSTITUTIONAL_ITEMS: readonly KycItem[] = KYC_ITEMS.filter(
  (item) => !INDIVIDUAL_ITEMS.includes(item),
);

export function itemsFor(kind: 'individual' | 'institutional'): readonly KycItem[] {
  return kind === 'individual' ? INDIVIDUAL_ITEMS : INSTITUTIONAL_ITEMS;
}
