import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { ErrorCode, ErrorMessage, SUCCESS } from '../shared/api/envelope';
import type { ServiceName } from '../shared/api/services';
import { CONTENT_LANG, resolveLocale } from '../shared/constants/locales';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { serviceBaseUrl } from './config';
import { xhrUpload, type UploadProgress, type UploadTransport } from './xhr-upload';
import {
  clearLoginInfo,
  getLoginInfo,
  isExpired,
  refreshResultSchema,
  setLoginInfo,
} from './session';

/**
 * The one HTTP client of the browser (spec sections 4, 7 and 8). See README.md beside this file
 * for the token flow.
 */

export interface HttpClientDeps {
  fetch?: typeof fetch;
  /** Current UI locale, e.g. 'zh-TW'; sent lower-cased as Accept-Language. */
  getLocale: () => string;
  /** Called after a failed token refresh (login info is already cleared). */
  goToLanding: () => void;
  /** Called on an auth failure that a refresh did not recover. */
  reload: () => void;
  now?: () => number;
  /** Batching window before failed calls are refreshed and replayed (spec: 1 second). */
  retryDelayMs?: number;
  /**
   * Sends calls that have `onUploadProgress`. Default: XMLHttpRequest (progress events), or the
   * given `fetch` (no progress) when one is injected.
   */
  upload?: UploadTransport;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  service: ServiceName;
  /** Path under the service prefix, e.g. '/contactUs' for POST /member/contactUs. */
  path: string;
  method?: HttpMethod;
  /** JSON body (ignored when `formData` is given). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Parses `data` of a successful envelope; a mismatch is a failure of the call. */
  schema?: $ZodType<T>;
  /** No bearer token and no token handling (refresh, replay, reload). */
  guest?: boolean;
  /** false: never replayed after an auth failure. Default true. */
  retry?: boolean;
  /** Sent as multipart/form-data. */
  formData?: FormData;
  /** With `formData`: called with bytes sent and total while the body uploads. */
  onUploadProgress?: UploadProgress;
  /**
   * 'blob': a successful answer that is not JSON resolves to its body as a Blob (images served
   * to their owner); failures are still read as envelopes. Default 'json'.
   */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Runs instead of rejecting on an ordinary failure; the call then resolves to undefined. */
  onError?: (error: ApiError) => void;
  /** A 503 is an ordinary failure instead of being ignored (the maintenance status call). */
  surfaceUnavailable?: boolean;
  /** Name used in errors; default 'METHOD /prefix/path'. */
  call?: string;
  /**
   * Extra request headers (e.g. the login device headers). They cannot replace the client's
   * own: Accept, Accept-Language, Authorization and Content-Type win.
   */
  headers?: Record<string, string>;
}

export interface ApiErrorInit {
  message: string;
  call: string;
  httpStatus?: number;
  status?: number;
  data?: unknown;
  ignored?: boolean;
  cause?: unknown;
}

/**
 * A failed call. `message` is the envelope message (a stable key or the spec's English text)
 * or one of 'network_error', 'invalid_response', 'http_error'.
 * `ignored` means the failure is handled by the client itself (503 outside the maintenance call,
 * a reload or a trip to Landing is under way): the UI shows nothing for it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly httpStatus?: number;
  /** Envelope status, when the response had an envelope. */
  readonly status?: number;
  readonly data: unknown;
  readonly call: string;
  readonly ignored: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.httpStatus = init.httpStatus;
    this.status = init.status;
    this.data = init.data ?? null;
    this.call = init.call;
    this.ignored = init.ignored ?? false;
  }

  /** HTTP 401, envelope status 401, or the message "Verify token error: jwt expired". */
  get isAuthFailure(): boolean {
    return (
      this.httpStatus === ErrorCode.unauthorized ||
      this.status === ErrorCode.unauthorized ||
      this.message === ErrorMessage.jwtExpired
    );
  }

  /** HTTP or envelope status 503. */
  get isUnavailable(): boolean {
    return this.httpStatus === ErrorCode.maintenance || this.status === ErrorCode.maintenance;
  }

  withIgnored(call: string = this.call): ApiError {
    const { httpStatus, status, data, message } = this;
    return new ApiError({ httpStatus, status, data, message, call, ignored: true, cause: this });
  }
}

/** True for failures the UI should not show (see `ApiError.ignored`). */
export function isIgnoredError(error: unknown): boolean {
  return error instanceof ApiError && error.ignored;
}

// ---- configuration and state ----

interface ResolvedDeps {
  fetch: typeof fetch;
  getLocale: () => string;
  goToLanding: () => void;
  reload: () => void;
  now: () => number;
  retryDelayMs: number;
  upload: UploadTransport;
}

function resolveDeps(deps?: HttpClientDeps): ResolvedDeps {
  const injectedFetch = deps?.fetch;
  return {
    // Wrapped: calling window.fetch with another `this` throws "Illegal invocation".
    fetch: injectedFetch ?? ((input, init) => globalThis.fetch(input, init)),
    upload: deps?.upload ?? (injectedFetch ? (url, init) => injectedFetch(url, init) : xhrUpload),
    getLocale: deps?.getLocale ?? (() => 'en-US'),
    goToLanding: deps?.goToLanding ?? (() => {}),
    reload: deps?.reload ?? (() => {}),
    now: deps?.now ?? (() => Date.now()),
    retryDelayMs: deps?.retryDelayMs ?? 1000,
  };
}

interface PendingReplay {
  /** Token the failed attempt carried; a batch refreshes only if some call used the current one. */
  sentToken: string;
  run: () => void;
  fail: (error: unknown) => void;
}

let deps = resolveDeps();
let refreshInFlight: Promise<void> | undefined;
let replayQueue: PendingReplay[] = [];
let replayTimer: ReturnType<typeof setTimeout> | undefined;

/** The app calls this once at startup. Also resets pending refresh/replay state. */
export function configureHttpClient(next: HttpClientDeps): void {
  deps = resolveDeps(next);
  refreshInFlight = undefined;
  replayQueue = [];
  if (replayTimer !== undefined) clearTimeout(replayTimer);
  replayTimer = undefined;
}

// ---- the call ----

export function request<T = unknown>(
  options: RequestOptions<T> & { onError: (error: ApiError) => void },
): Promise<T | undefined>;
export function request<T = unknown>(options: RequestOptions<T>): Promise<T>;
export function request<T>(options: RequestOptions<T>): Promise<T | undefined> {
  return execute(options, false);
}

async function execute<T>(options: RequestOptions<T>, replayed: boolean): Promise<T | undefined> {
  const call =
    options.call ?? `${options.method ?? 'GET'} ${serviceBaseUrl(options.service)}${options.path}`;
  let token: string | undefined;

  if (!options.guest) {
    if (refreshInFlight !== undefined || isExpired(deps.now())) {
      try {
        await refreshSession();
      } catch (error) {
        throw asIgnored(error, call);
      }
    }
    token = getLoginInfo()?.token;
    if (token === undefined) {
      // Logged out: not sent (a 401 would reload the page); the route guard handles it.
      return fail(
        options,
        new ApiError({ call, status: ErrorCode.unauthorized, message: ErrorMessage.unauthorized }),
      );
    }
  }

  const outcome = await send(options, call, token);
  if (outcome.ok) return outcome.data;
  const error = outcome.error;

  if (token !== undefined && error.isAuthFailure) {
    if (options.retry !== false && !replayed && getLoginInfo() !== null) {
      const sentToken = token;
      return new Promise<T | undefined>((resolve, reject) => {
        scheduleReplay({
          sentToken,
          run: () => void execute(options, true).then(resolve, reject),
          fail: (refreshError) => reject(asIgnored(refreshError, call)),
        });
      });
    }
    localStorage.removeItem(STORAGE_KEYS.phoneNumberToVerify);
    deps.reload();
    throw error.withIgnored();
  }

  if (error.isUnavailable && !options.surfaceUnavailable) throw error.withIgnored();
  return fail(options, error);
}

function fail<T>(options: RequestOptions<T>, error: ApiError): undefined {
  if (!options.onError) throw error;
  options.onError(error);
  return undefined;
}

function asIgnored(error: unknown, call: string): ApiError {
  if (error instanceof ApiError) return error.withIgnored(call);
  return new ApiError({ call, message: ErrorMessage.unauthorized, ignored: true, cause: error });
}

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

async function send<T>(
  options: RequestOptions<T>,
  call: string,
  token: string | undefined,
): Promise<Outcome<T>> {
  const method = options.method ?? 'GET';
  const locale = deps.getLocale();
  const headers: Record<string, string> = {
    ...extraHeaders(options.headers),
    Accept: 'application/json',
    'Accept-Language': locale.toLowerCase(),
  };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData; // the browser sets the multipart boundary
  } else if (options.body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const query = { ...options.query };
  if (options.service === 'content' && query.lang == null) {
    query.lang = CONTENT_LANG[resolveLocale(locale)];
  }

  let response: Response;
  try {
    const url = buildUrl(options.service, options.path, query);
    const init: RequestInit = { method, headers, body, signal: options.signal };
    response =
      options.onUploadProgress && options.formData
        ? await deps.upload(url, init, options.onUploadProgress)
        : await deps.fetch(url, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause; // cancellation, e.g. by react-query
    return { ok: false, error: new ApiError({ call, message: 'network_error', cause }) };
  }

  if (
    options.responseType === 'blob' &&
    response.ok &&
    !/json/i.test(response.headers.get('Content-Type') ?? '')
  ) {
    return { ok: true, data: (await response.blob()) as T };
  }

  const envelope = await readEnvelope(response);
  const httpStatus = response.status;
  if (!envelope) {
    return {
      ok: false,
      error: new ApiError({
        call,
        httpStatus,
        message: response.ok ? 'invalid_response' : response.statusText || 'http_error',
      }),
    };
  }
  if (!response.ok || envelope.status !== SUCCESS) {
    return {
      ok: false,
      error: new ApiError({
        call,
        httpStatus,
        status: envelope.status,
        message: envelope.message,
        data: envelope.data,
      }),
    };
  }
  if (!options.schema) return { ok: true, data: envelope.data as T };
  const parsed = safeParse(options.schema, envelope.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    error: new ApiError({
      call,
      httpStatus,
      status: envelope.status,
      message: 'invalid_response',
      data: parsed.error.issues,
      cause: parsed.error,
    }),
  };
}

/** Headers the client sets itself; a call's extra headers cannot replace them. */
const OWN_HEADERS = new Set(['accept', 'accept-language', 'authorization', 'content-type']);

function extraHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (!OWN_HEADERS.has(name.toLowerCase())) result[name] = value;
  }
  return result;
}

function buildUrl(service: ServiceName, path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${serviceBaseUrl(service)}${path}${search ? `?${search}` : ''}`;
}

interface RawEnvelope {
  status: number;
  message: string;
  data: unknown;
}

async function readEnvelope(response: Response): Promise<RawEnvelope | null> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { status, message, data } = json as Record<string, unknown>;
  if (typeof status !== 'number') return null;
  return { status, message: typeof message === 'string' ? message : '', data: data ?? null };
}

// ---- token refresh and replay ----

const REFRESH_PATH = '/refresh';

/** One refresh at a time: concurrent callers share the promise. */
function refreshSession(): Promise<void> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

async function runRefresh(): Promise<void> {
  try {
    const info = getLoginInfo();
    if (!info) {
      throw new ApiError({
        call: `POST ${serviceBaseUrl('member')}${REFRESH_PATH}`,
        status: ErrorCode.unauthorized,
        message: ErrorMessage.unauthorized,
      });
    }
    const result = await request({
      service: 'member',
      path: REFRESH_PATH,
      method: 'POST',
      body: { token: info.refreshToken ?? info.token },
      schema: refreshResultSchema,
      guest: true,
      retry: false,
    });
    setLoginInfo({
      ...(getLoginInfo() ?? info),
      token: result.token,
      refreshToken: result.refreshToken ?? info.refreshToken,
      expiredTime: result.expiredTime,
    });
  } catch (error) {
    clearLoginInfo();
    deps.goToLanding();
    throw error;
  }
}

/** Failed calls are collected for `retryDelayMs`, then one refresh runs and each is replayed once. */
function scheduleReplay(entry: PendingReplay): void {
  replayQueue.push(entry);
  replayTimer ??= setTimeout(() => void flushReplays(), deps.retryDelayMs);
}

async function flushReplays(): Promise<void> {
  const batch = replayQueue;
  replayQueue = [];
  replayTimer = undefined;
  const current = getLoginInfo()?.token;
  // Calls sent with an older token are replayed with the new one without another refresh.
  const needsRefresh = current === undefined || batch.some((entry) => entry.sentToken === current);
  if (needsRefresh) {
    try {
      await refreshSession();
    } catch (error) {
      for (const entry of batch) entry.fail(error);
      return;
    }
  }
  for (const entry of batch) entry.run();
}
