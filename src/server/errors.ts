import { ErrorCode, ErrorMessage } from '../shared/api/envelope';

/**
 * An error the API reports to the caller as an envelope: `status` and `message` go into the
 * envelope (message = a stable key or the spec's exact English text), `httpStatus` is the
 * HTTP status (defaults to `status` when that is an HTTP error status, else 200).
 */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    httpStatus?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.httpStatus = httpStatus ?? (status >= 400 && status < 600 ? status : 200);
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** A 400 `validation_failed` naming the field, the same shape as a bad request body. */
export function validationError(issues: FieldIssue[]): AppError {
  return new AppError(ErrorCode.validation, ErrorMessage.validation, {
    field: issues[0]?.field ?? 'body',
    issues,
  });
}
