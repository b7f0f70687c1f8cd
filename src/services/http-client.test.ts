import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createFakeFetch, deferred, type FakeHandler } from './fake-fetch';
import { ApiError, configureHttpClient, isIgnoredError, request } from './http-client';
import { getLoginInfo, setLoginInfo } from './session';

const NOW = 1_700_000_000_000;
const REFRESH = '/member/refresh';
const WALLET = '/api/v1/user/WalletInfo';

function setup(handler: FakeHandler, options: { locale?: string; retryDelayMs?: number } = {}) {
  const fake = createFakeFetch(handler);
  const goToLanding = vi.fn();
  const reload = vi.fn();
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => options.locale ?? 'en-US',
    goToLanding,
    reload,
    now: () => NOW,
    retryDelayMs: options.retryDelayMs ?? 0,
  });
  return { ...fake, goToLanding, reload };
}

function login(
  overrides: Partial<{ token: string; refreshToken: string; expiredTime: number }> = {},
) {
  setLoginInfo({
    token: 'old',
    refreshToken: 'r1',
    expiredTime: NOW + 60_000,
    userName: 'ann',
    ...overrides,
  });
}

/** A server that accepts only `validToken` and refreshes to it. */
function authServer(validToken = 'new'): FakeHandler {
  return (req) => {
    if (req.path === REFRESH) {
      return { data: { token: validToken, refreshToken: 'r2', expiredTime: NOW + 3_600_000 } };
    }
    if (req.headers.Authorization !== `Bearer ${validToken}`) {
      return { http: 401, status: 401, message: 'Please login again.' };
    }
    return { data: { path: req.path } };
  };
}

const wallet = (extra: Partial<Parameters<typeof request>[0]> = {}) =>
  request({ service: 'gateway', path: '/user/WalletInfo', ...extra });

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.phoneNumberToVerify, '+886912345678');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('envelope', () => {
  it('returns data when status is 0 and parses it with the schema', async () => {
    setup(() => ({ data: { id: 7, extra: 'dropped' } }));
    const data = await request({
      service: 'member',
      path: '/common/thing',
      guest: true,
      schema: z.object({ id: z.number() }),
    });
    expect(data).toEqual({ id: 7 });
  });

  it('rejects with ApiError carrying envelope status, message, data and call name', async () => {
    setup(() => ({ status: 409, message: 'conflict', data: { field: 'email' } }));
    const error = await request({
      service: 'member',
      path: '/register',
      method: 'POST',
      guest: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 200,
      status: 409,
      message: 'conflict',
      data: { field: 'email' },
      call: 'POST /member/register',
      ignored: false,
    });
  });

  it('rejects on an HTTP error with an envelope (e.g. 400 validation)', async () => {
    setup(() => ({
      http: 400,
      status: 400,
      message: 'validation_failed',
      data: { field: 'name' },
    }));
    await expect(request({ service: 'member', path: '/x', guest: true })).rejects.toMatchObject({
      httpStatus: 400,
      status: 400,
      message: 'validation_failed',
      data: { field: 'name' },
    });
  });

  it('rejects a response that is not an envelope', async () => {
    setup(() => ({ http: 502, raw: '<html>bad gateway</html>' }));
    const error = await request({ service: 'member', path: '/x', guest: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 502, status: undefined });
  });

  it('turns a network failure into ApiError network_error', async () => {
    configureHttpClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
    });
    await expect(request({ service: 'member', path: '/x', guest: true })).rejects.toMatchObject({
      message: 'network_error',
      httpStatus: undefined,
    });
  });

  it('treats a zod parse failure as an error of the call', async () => {
    setup(() => ({ data: { id: 'not a number' } }));
    const error = await request({
      service: 'member',
      path: '/x',
      guest: true,
      schema: z.object({ id: z.number() }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'invalid_response', status: 0 });
    expect((error as ApiError).data).toEqual([expect.objectContaining({ path: ['id'] })]);
  });

  it('rethrows an abort as is (react-query cancellation), not as ApiError', async () => {
    setup(() => ({ data: 1 }));
    const controller = new AbortController();
    controller.abort();
    const error = await request({
      service: 'member',
      path: '/x',
      guest: true,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('request shape and headers', () => {
  it('sends the bearer token on authenticated calls', async () => {
    const { requests } = setup(() => ({ data: null }));
    login({ token: 'tok-1' });
    await wallet();
    expect(requests[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('sends no Authorization header on guest calls, even when logged in', async () => {
    const { requests } = setup(() => ({ data: null }));
    login();
    await request({ service: 'gateway', path: '/common/LanguageList', guest: true });
    expect(requests[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('sends Accept-Language as the lower-case locale', async () => {
    const { requests } = setup(() => ({ data: null }), { locale: 'zh-TW' });
    await request({ service: 'member', path: '/x', guest: true });
    expect(requests[0]?.headers['Accept-Language']).toBe('zh-tw');
  });

  it.each([
    ['en-US', 'en'],
    ['zh-TW', 'tw'],
    ['zh-CN', 'zh'],
  ])('adds lang=%s -> %s on content-service calls only', async (locale, lang) => {
    const { requests } = setup(() => ({ data: [] }), { locale });
    await request({ service: 'content', path: '/posts', guest: true, query: { per_page: 100 } });
    await request({ service: 'gateway', path: '/common/LanguageList', guest: true });
    expect(requests[0]?.path).toBe('/content/posts');
    expect(requests[0]?.query.get('lang')).toBe(lang);
    expect(requests[0]?.query.get('per_page')).toBe('100');
    expect(requests[1]?.query.has('lang')).toBe(false);
  });

  it('sends JSON bodies with a JSON content type and skips empty query values', async () => {
    const { requests } = setup(() => ({ data: null }));
    await request({
      service: 'member',
      path: '/contactUs',
      method: 'POST',
      guest: true,
      body: { name: 'Ann' },
      query: { a: 1, b: undefined, c: null },
    });
    expect(requests[0]).toMatchObject({
      url: '/member/contactUs?a=1',
      method: 'POST',
      body: { name: 'Ann' },
    });
    expect(requests[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('sends extra headers of the call, but never lets them replace its own', async () => {
    const { requests } = setup(() => ({ data: null }));
    login({ token: 'tok-2' });
    await request({
      service: 'member',
      path: '/login',
      method: 'POST',
      body: {},
      headers: {
        'x-client-id': 'c-1',
        Authorization: 'Bearer forged',
        authorization: 'Bearer forged',
        'Accept-Language': 'xx',
        'Content-Type': 'text/plain',
      },
    });
    await request({ service: 'member', path: '/x', guest: true });
    expect(requests[0]?.headers).toMatchObject({
      'x-client-id': 'c-1',
      Authorization: 'Bearer tok-2',
      'Accept-Language': 'en-us',
      'Content-Type': 'application/json',
    });
    expect(requests[0]?.headers).not.toHaveProperty('authorization');
    expect(requests[1]?.headers).not.toHaveProperty('x-client-id');
  });

  it('sends FormData as multipart (no JSON content type)', async () => {
    const { requests } = setup(() => ({ data: null }));
    login();
    const form = new FormData();
    form.append('imageFile', new Blob(['x']), 'a.png');
    await request({ service: 'member', path: '/uploadImage', method: 'POST', formData: form });
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers).not.toHaveProperty('Content-Type');
  });

  it('does not send an authenticated call when logged out, and does not reload', async () => {
    const { requests, reload } = setup(() => ({ data: null }));
    await expect(wallet()).rejects.toMatchObject({ status: 401, ignored: false });
    expect(requests).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('token refresh before the call', () => {
  it('refreshes first when the stored expiry has passed, merging into loginInfo', async () => {
    const server = setup(authServer('new'));
    login({ expiredTime: NOW - 1 });
    await expect(wallet()).resolves.toEqual({ path: WALLET });
    expect(server.requests.map((r) => r.path)).toEqual([REFRESH, WALLET]);
    expect(server.to(REFRESH)[0]?.body).toEqual({ token: 'r1' });
    expect(server.to(WALLET)[0]?.headers.Authorization).toBe('Bearer new');
    expect(getLoginInfo()).toEqual({
      token: 'new',
      refreshToken: 'r2',
      expiredTime: NOW + 3_600_000,
      userName: 'ann',
    });
  });

  it('sends the token itself for refresh when there is no refresh token', async () => {
    const server = setup(authServer('new'));
    setLoginInfo({ token: 'old', expiredTime: NOW - 1 });
    await wallet();
    expect(server.to(REFRESH)[0]?.body).toEqual({ token: 'old' });
  });

  it('does not refresh while the token is still valid', async () => {
    const server = setup(authServer('old'));
    login();
    await wallet();
    expect(server.to(REFRESH)).toHaveLength(0);
  });

  it('runs a single refresh for concurrent calls; all wait for it', async () => {
    const hold = deferred();
    const server = setup(async (req) => {
      if (req.path === REFRESH) await hold.promise;
      return authServer('new')(req);
    });
    login({ expiredTime: NOW - 1 });
    const calls = [
      wallet(),
      wallet(),
      request({ service: 'member', path: '/getMemberInfo', method: 'POST' }),
    ];
    await Promise.resolve();
    hold.resolve();
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(server.to(REFRESH)).toHaveLength(1);
    for (const r of server.requests.filter((r) => r.path !== REFRESH)) {
      expect(r.headers.Authorization).toBe('Bearer new');
    }
  });

  it('on refresh failure clears loginInfo, goes to Landing once and never sends the calls', async () => {
    const server = setup((req) =>
      req.path === REFRESH
        ? { http: 401, status: 401, message: 'Please login again.' }
        : { data: 1 },
    );
    login({ expiredTime: NOW - 1 });
    const results = await Promise.allSettled([wallet(), wallet()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) {
      expect(isIgnoredError((r as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(getLoginInfo()).toBeNull();
    expect(server.goToLanding).toHaveBeenCalledTimes(1);
    expect(server.reload).not.toHaveBeenCalled();
    expect(server.to(WALLET)).toHaveLength(0);
  });

  it('treats an unparseable refresh answer as a refresh failure', async () => {
    const server = setup((req) => (req.path === REFRESH ? { data: { nope: true } } : { data: 1 }));
    login({ expiredTime: NOW - 1 });
    await expect(wallet()).rejects.toBeInstanceOf(ApiError);
    expect(getLoginInfo()).toBeNull();
    expect(server.goToLanding).toHaveBeenCalledTimes(1);
  });
});

describe('auth failure: refresh once and replay once', () => {
  it('refreshes once and replays the failed call with the new token', async () => {
    const server = setup(authServer('new'));
    login();
    await expect(wallet()).resolves.toEqual({ path: WALLET });
    expect(server.to(REFRESH)).toHaveLength(1);
    expect(server.to(WALLET).map((r) => r.headers.Authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
    expect(server.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.phoneNumberToVerify)).not.toBeNull();
  });

  it('collects all calls that failed together: one refresh, each replayed once', async () => {
    const server = setup(authServer('new'), { retryDelayMs: 20 });
    login();
    const paths = ['/user/WalletInfo', '/user/ApiKey', '/user/Notification'];
    const results = await Promise.all(paths.map((path) => request({ service: 'gateway', path })));
    expect(results).toEqual(paths.map((p) => ({ path: `/api/v1${p}` })));
    expect(server.to(REFRESH)).toHaveLength(1);
    for (const p of paths) expect(server.to(`/api/v1${p}`)).toHaveLength(2);
  });

  it('waits for the batching window before refreshing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = setup(authServer('new'), { retryDelayMs: 1000 });
    login();
    const call = wallet();
    await vi.advanceTimersByTimeAsync(999);
    expect(server.to(REFRESH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual({ path: WALLET });
    expect(server.to(REFRESH)).toHaveLength(1);
  });

  it('treats envelope status 401 (HTTP 200) as an auth failure', async () => {
    const server = setup((req) =>
      req.path === REFRESH
        ? { data: { token: 'new', expiredTime: NOW + 1000 } }
        : req.headers.Authorization === 'Bearer new'
          ? { data: 'ok' }
          : { status: 401, message: 'Please login again.' },
    );
    login();
    await expect(wallet()).resolves.toBe('ok');
    expect(server.to(REFRESH)).toHaveLength(1);
  });

  it('treats the message "Verify token error: jwt expired" as an auth failure', async () => {
    const server = setup((req) =>
      req.path === REFRESH
        ? { data: { token: 'new', expiredTime: NOW + 1000 } }
        : req.headers.Authorization === 'Bearer new'
          ? { data: 'ok' }
          : { status: 500, message: 'Verify token error: jwt expired' },
    );
    login();
    await expect(wallet()).resolves.toBe('ok');
    expect(server.to(REFRESH)).toHaveLength(1);
    expect(server.to(WALLET)).toHaveLength(2);
  });

  it('does not replay a replayed call again; it removes phoneNumberToVerify and reloads', async () => {
    // The refresh succeeds, but the server still rejects the new token.
    const server = setup((req) =>
      req.path === REFRESH
        ? { data: { token: 'new', expiredTime: NOW + 1000 } }
        : { http: 401, status: 401, message: 'Please login again.' },
    );
    login();
    const error = await wallet().catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 401, ignored: true });
    expect(server.to(WALLET).map((r) => r.headers.Authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
    expect(server.to(REFRESH)).toHaveLength(1);
    expect(server.reload).toHaveBeenCalledTimes(1);
    expect(server.goToLanding).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.phoneNumberToVerify)).toBeNull();
  });

  it('never replays a call marked retry: false; a 401 removes phoneNumberToVerify and reloads', async () => {
    const server = setup(authServer('new'));
    login();
    const error = await wallet({ retry: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 401, ignored: true });
    expect(server.to(WALLET)).toHaveLength(1);
    expect(server.to(REFRESH)).toHaveLength(0);
    expect(server.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.phoneNumberToVerify)).toBeNull();
  });

  it('"Verify token error: jwt expired" on a retry: false call also reloads', async () => {
    const server = setup(() => ({ status: 500, message: 'Verify token error: jwt expired' }));
    login();
    await expect(wallet({ retry: false })).rejects.toMatchObject({ ignored: true });
    expect(server.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.phoneNumberToVerify)).toBeNull();
  });

  it('does not run onError for an auth failure that reloads the page', async () => {
    setup(() => ({ http: 401, status: 401, message: 'Please login again.' }));
    login();
    const onError = vi.fn();
    await expect(wallet({ retry: false, onError })).rejects.toMatchObject({ ignored: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('when the replay refresh fails: clears loginInfo, goes to Landing, no reload', async () => {
    const server = setup((req) =>
      req.path === REFRESH
        ? { status: 401, message: 'Please login again.' }
        : { http: 401, status: 401, message: 'Please login again.' },
    );
    login();
    await expect(wallet()).rejects.toMatchObject({ ignored: true, call: `GET ${WALLET}` });
    expect(server.to(WALLET)).toHaveLength(1);
    expect(getLoginInfo()).toBeNull();
    expect(server.goToLanding).toHaveBeenCalledTimes(1);
    expect(server.reload).not.toHaveBeenCalled();
  });

  it('replays a call that carried an already-replaced token without another refresh', async () => {
    const slow = deferred();
    const server = setup(async (req) => {
      if (req.path === '/api/v1/user/Slow') await slow.promise;
      return authServer('new')(req);
    });
    login();
    const slowCall = request({ service: 'gateway', path: '/user/Slow' });
    await expect(wallet()).resolves.toEqual({ path: WALLET }); // refresh happened: token is 'new'
    slow.resolve(); // the slow call now fails with the old token
    await expect(slowCall).resolves.toEqual({ path: '/api/v1/user/Slow' });
    expect(server.to(REFRESH)).toHaveLength(1);
  });

  it('a call started while a refresh runs waits for it and carries the new token', async () => {
    const hold = deferred();
    const server = setup(async (req) => {
      if (req.path === REFRESH) await hold.promise;
      return authServer('new')(req);
    });
    login();
    const first = wallet(); // 401 -> refresh (held)
    await vi.waitFor(() => expect(server.to(REFRESH)).toHaveLength(1));
    const second = request({ service: 'gateway', path: '/user/ApiKey' });
    hold.resolve();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(server.to('/api/v1/user/ApiKey').map((r) => r.headers.Authorization)).toEqual([
      'Bearer new',
    ]);
  });

  it('guest calls have no token handling: a 401 is an ordinary failure', async () => {
    const server = setup(() => ({ http: 401, status: 401, message: 'Please login again.' }));
    login();
    await expect(
      request({ service: 'member', path: '/login', method: 'POST', guest: true }),
    ).rejects.toMatchObject({ httpStatus: 401, ignored: false });
    expect(server.to(REFRESH)).toHaveLength(0);
    expect(server.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.phoneNumberToVerify)).not.toBeNull();
  });
});

describe('503 and failure handlers', () => {
  it.each([
    ['HTTP 503', { http: 503, status: 503, message: 'maintenance' }],
    ['envelope status 503', { status: 503, message: 'maintenance' }],
    ['HTTP 503 without an envelope', { http: 503, raw: 'Service Unavailable' }],
  ])('ignores %s on ordinary calls: ignored ApiError, onError not run', async (_name, reply) => {
    setup(() => reply);
    const onError = vi.fn();
    const error = await request({ service: 'member', path: '/x', guest: true, onError }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(isIgnoredError(error)).toBe(true);
    expect((error as ApiError).isUnavailable).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });

  it('surfaces a 503 as an ordinary error when the call asks for it', async () => {
    setup(() => ({ http: 503, status: 503, message: 'maintenance' }));
    await expect(
      request({
        service: 'gateway',
        path: '/setting/MaintainStatus',
        guest: true,
        surfaceUnavailable: true,
      }),
    ).rejects.toMatchObject({ httpStatus: 503, ignored: false });
  });

  it('runs the call’s onError instead of rejecting, and resolves to undefined', async () => {
    setup(() => ({ status: 409, message: 'conflict' }));
    const onError = vi.fn();
    await expect(
      request({ service: 'member', path: '/x', guest: true, onError }),
    ).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 409, message: 'conflict' });
  });

  it('runs onError for a schema mismatch too', async () => {
    setup(() => ({ data: 'text' }));
    const onError = vi.fn();
    await expect(
      request({ service: 'member', path: '/x', guest: true, schema: z.number(), onError }),
    ).resolves.toBeUndefined();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'invalid_response' });
  });
});
