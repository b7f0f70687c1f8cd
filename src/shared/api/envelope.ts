import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * Every response of every service is `{ status, message, data }`; status 0 is success.
 * Errors keep the envelope with a non-zero status and a stable message key (see `ErrorCode`)
 * that the browser translates.
 */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export const SUCCESS = 0 as const;

/** Non-zero statuses the API returns. Stable: the browser switches on them. */
export const ErrorCode = {
  validation: 400,
  /** a request the server could not understand that is not a field problem */
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  rateLimited: 429,
  internal: 500,
  /** a service the API depends on (the chain's RPC node) cannot be reached */
  upstreamUnavailable: 502,
  maintenance: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Stable message keys; the browser maps them to translated text (`errors.<key>`). */
export const ErrorMessage = {
  validation: 'validation_failed',
  badRequest: 'bad_request',
  unauthorized: 'Please login again.',
  jwtExpired: 'Verify token error: jwt expired',
  forbidden: 'access_denied',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'The server is currently busy, please try again later.',
  chainUnavailable: 'chain_unavailable',
  maintenance: 'maintenance',
} as const;

export function envelopeSchema<T extends $ZodType>(data: T) {
  return z.object({ status: z.number().check(z.int()), message: z.string(), data });
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { status: SUCCESS, message, data };
}

export function fail<T = null>(status: number, message: string, data: T = null as T): Envelope<T> {
  return { status, message, data };
}
