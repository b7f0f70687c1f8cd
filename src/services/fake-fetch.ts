/** Test helper (not used by the app): a fetch that answers from a handler and records calls. */

export interface RecordedRequest {
  url: string;
  /** Path without the query, e.g. '/member/contactUs'. */
  path: string;
  query: URLSearchParams;
  method: string;
  headers: Record<string, string>;
  /** Parsed JSON body, the FormData itself, or undefined. */
  body: unknown;
}

export interface FakeReply {
  /** HTTP status, default 200. */
  http?: number;
  /** Envelope status, default 0. */
  status?: number;
  message?: string;
  data?: unknown;
  /** Sent instead of an envelope. */
  raw?: string;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export function createFakeFetch(handler: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const [path = '', search = ''] = url.split('?');
    const rawBody = init.body;
    const recorded: RecordedRequest = {
      url,
      path,
      query: new URLSearchParams(search),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : (rawBody ?? undefined),
    };
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    requests.push(recorded);
    const reply = await handler(recorded);
    const text =
      reply.raw ??
      JSON.stringify({
        status: reply.status ?? 0,
        message: reply.message ?? 'success',
        data: reply.data ?? null,
      });
    return new Response(text, {
      status: reply.http ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  /** Requests to one path (without query). */
  const to = (path: string) => requests.filter((request) => request.path === path);
  return { fetch: fetch as typeof globalThis.fetch, requests, to };
}

/** A promise with its resolve function exposed, to hold a reply until a test releases it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
