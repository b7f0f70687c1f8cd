import type { CustomTypeOptions } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../i18n/error-keys';
import { formatDateTime } from '../lib/date-format';
import { ApiError, isIgnoredError } from '../services/http-client';
import { AuthError, delayedUntil } from '../shared/api/auth';
import { ErrorMessage } from '../shared/api/envelope';

/** What a refused call said: its message (a validation refusal: its first field's), and data. */
export interface Refusal {
  message: string;
  /** the field a validation refusal names */
  field?: string;
  data: Record<string, unknown> | null;
}

/** The refusal inside a failed call (null when it is not a server refusal). */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  const data = (error.data ?? null) as Record<string, unknown> | null;
  const field = typeof data?.field === 'string' ? data.field : undefined;
  if (error.message === ErrorMessage.validation && Array.isArray(data?.issues)) {
    const first = (data.issues as { message?: unknown; field?: unknown }[])[0];
    if (typeof first?.message === 'string') {
      return {
        message: first.message,
        field: typeof first.field === 'string' ? first.field : field,
        data,
      };
    }
  }
  return { message: error.message, ...(field ? { field } : {}), data };
}

type Resources = CustomTypeOptions['resources'];
export type Namespace = keyof Resources;
/** A translation key with its namespace: `'kyc:error.locked'` (checked against en-US). */
export type NamespacedKey = {
  [N in Namespace]: `${N}:${keyof Resources[N] & string}`;
}[Namespace];
/** `t` for namespaced keys, with interpolation values. */
export type Translate = (key: NamespacedKey, values?: Record<string, unknown>) => string;

/**
 * A feature's own text for a refusal: a translation key with its namespace (`'kyc:error.locked'`,
 * filled with the refusal's data), or a function of the refusal.
 */
export type ErrorText = NamespacedKey | ((refusal: Refusal, t: Translate) => string);

/**
 * A feature's texts by message. Declare them as a module constant with
 * `satisfies Record<TheFeatureRefusals, ErrorText>`, so a refusal added to the contract without
 * a text fails the typecheck.
 */
export type ErrorTexts = Readonly<Partial<Record<string, ErrorText>>>;

const NO_TEXTS: ErrorTexts = {};

/**
 * Error -> translated text, the one way every screen says what went wrong: the feature's own
 * texts first (the refusal's field message, then the call's message), else the shared `errors`
 * namespace (stable server keys and the spec's English texts). Nothing (undefined) for no error
 * and for failures the HTTP client handles itself (503, a reload or a trip to Landing under way).
 *
 * `texts` must be a module constant (it is a dependency of the returned function); `namespaces`
 * are those its keys use.
 */
export function useErrorText(
  texts: ErrorTexts = NO_TEXTS,
  namespaces: readonly Namespace[] = [],
): (error: unknown) => string | undefined {
  const { t } = useTranslation(['errors', ...namespaces] as Namespace[]);
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      const translate = t as unknown as Translate;
      const refusal = refusalOf(error);
      const top = error instanceof ApiError ? error.message : undefined;
      const own =
        (refusal && texts[refusal.message]) ?? (top !== undefined ? texts[top] : undefined);
      if (own !== undefined && refusal) {
        return typeof own === 'function'
          ? own(refusal, translate)
          : translate(own, refusal.data ?? {});
      }
      // too many wrong codes or passwords: say until when (the server's retryAt, UTC+8)
      const retryAt =
        refusal?.message === AuthError.loginDelayed ? delayedUntil(refusal.data) : null;
      if (retryAt) {
        return translate('errors:auth.loginDelayedUntil', { time: formatDateTime(retryAt) });
      }
      const fieldKey = errorMessageKey(refusal?.message);
      const key = fieldKey === 'unexpected' ? errorMessageKey(top) : fieldKey;
      return translate(`errors:${key}`);
    },
    [t, texts],
  );
}
