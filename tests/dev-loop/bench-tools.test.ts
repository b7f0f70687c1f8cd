// The measuring tools of `npm run bench` and `npm run lighthouse` measure what they say: the
// steady load offers its rate evenly and charges a pause to the requests it held up; the HTTPS
// front speaks HTTP/2 (and HTTP/1.1) to its clients and forwards to a plain HTTP/1.1 server as a
// load balancer does.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startH2Front, type H2Front } from '../../scripts/lib/h2-front';
import { steadyLoad } from '../../scripts/lib/steady-load';

let server: Server | undefined;
let front: H2Front | undefined;

afterEach(async () => {
  await front?.close();
  front = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A plain HTTP/1.1 server on a free port; answers with what `answer` returns. */
async function listen(
  answer: (headers: IncomingHttpHeaders, path: string) => string,
): Promise<string> {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(answer(req.headers, req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** GETs of `base` at `rate` per second for `durationS` on `connections` connections. */
const getsOf = (base: string, rate: number, durationS: number, connections = 32) =>
  steadyLoad({ url: `${base}/`, method: 'GET', headers: {}, rate, durationS, connections });

describe('steady load', () => {
  it('offers its rate evenly over the run, not in a burst each second', async () => {
    const arrivals: number[] = [];
    const started = performance.now();
    const base = await listen(() => {
      arrivals.push(performance.now() - started);
      return '{}';
    });
    const result = await getsOf(base, 200, 1);
    expect(result).toMatchObject({ ok: 200, errors: 0 });
    // a burst sender would deliver all 200 in the first tenth of the second
    const perTenth = Array.from(
      { length: 10 },
      (_, tenth) => arrivals.filter((at) => at >= tenth * 100 && at < (tenth + 1) * 100).length,
    );
    expect(Math.max(...perTenth)).toBeLessThan(80);
    expect(perTenth.filter((count) => count > 0).length).toBeGreaterThanOrEqual(6);
  });

  it('charges a pause to every request it held up, from when each was due', async () => {
    let served = 0;
    const base = await listen(() => {
      served += 1;
      // the 50th request holds the process for 80 ms: the requests due meanwhile wait for it
      if (served === 50) {
        const until = performance.now() + 80;
        while (performance.now() < until);
      }
      return '{}';
    });
    const result = await getsOf(base, 400, 1);
    expect(result).toMatchObject({ ok: 400, errors: 0 });
    expect(result.max).toBeGreaterThanOrEqual(75);
    // about 32 requests fall due during the pause: over 1 % of 400, so the p99 shows it
    expect(result.p99).toBeGreaterThanOrEqual(20);
    expect(result.p50).toBeLessThan(result.p99);
  });

  it('counts refused connections as errors', async () => {
    const base = await listen(() => '{}');
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const result = await getsOf(base, 50, 0.2, 4);
    expect(result).toMatchObject({ ok: 0, errors: 10 });
  });
});

describe('HTTPS front', () => {
  it('answers over HTTP/2 with what the server behind it sends, and tells it the client', async () => {
    const base = await listen((headers, path) =>
      JSON.stringify({
        path,
        host: headers.host,
        proto: headers['x-forwarded-proto'],
        forwardedFor: headers['x-forwarded-for'],
        cookie: headers.cookie,
      }),
    );
    front = await startH2Front();
    front.forwardTo(base);
    const session = connect(front.origin, { ca: front.certificate });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/member/x?a=1', cookie: 'lang=zh-TW' });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
        stream.end();
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        path: '/member/x?a=1',
        host: new URL(front.origin).host,
        proto: 'https',
        forwardedFor: '127.0.0.1',
        cookie: 'lang=zh-TW',
      });
    } finally {
      session.close();
    }
  });

  it('serves an HTTP/1.1 client over TLS too', async () => {
    const base = await listen(() => '{"ok":true}');
    front = await startH2Front();
    front.forwardTo(base);
    const answer = await new Promise<{ status: number; protocol: string; body: string }>(
      (resolve, reject) => {
        const req = httpsRequest(`${front!.origin}/health`, { ca: front!.certificate }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, protocol: res.httpVersion, body }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer).toEqual({ status: 200, protocol: '1.1', body: '{"ok":true}' });
  });
});
