import { ApiError } from '../../../services/http-client';

/** The field a server refusal names (`data.field`: 'code', 'currentCode', 'oldPassword', ...). */
export function errorField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = error.data as { field?: unknown } | null;
  return typeof data?.field === 'string' ? data.field : undefined;
}
