import { ApiError } from '../../../services/http-client';
import { ErrorMessage } from '../../../shared/api/envelope';

export interface FieldIssue {
  /** Dotted path of the body field, e.g. 'surname', 'documents.proofOfAddressImageId'. */
  field: string;
  message: string;
}

/**
 * The field issues of a 400 `validation_failed` refusal (data `{ field, issues: [{ field,
 * message }] }`, see server/plugins/envelope.ts); [] for any other failure.
 */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.message !== ErrorMessage.validation) return [];
  const data = error.data as { field?: unknown; issues?: unknown } | null;
  const issues: FieldIssue[] = [];
  if (Array.isArray(data?.issues)) {
    for (const entry of data.issues as { field?: unknown; message?: unknown }[]) {
      if (typeof entry?.field === 'string') {
        issues.push({
          field: entry.field,
          message: typeof entry.message === 'string' ? entry.message : 'invalid',
        });
      }
    }
  }
  if (issues.length === 0 && typeof data?.field === 'string') {
    issues.push({ field: data.field, message: 'invalid' });
  }
  return issues;
}

/** The last segment of a body path without an `Id` suffix: 'documents.frontImageId' -> 'frontImage'. */
export function itemOfField(field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return last.endsWith('ImageId') ? last.slice(0, -2) : last;
}
