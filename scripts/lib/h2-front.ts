// An HTTPS front speaking HTTP/2 (and HTTP/1.1 to clients that ask for it) before a local API
// that speaks plain HTTP/1.1, as the load balancer or reverse proxy of a production deployment
// serves the app (README "Replicas"): TLS ends here, the API sees the client's address in
// X-Forwarded-For (start it with TRUST_PROXY=1). Its certificate is self-signed, made for this
// run: a browser is told to trust exactly that key (`spkiHash`, Chromium's
// --ignore-certificate-errors-spki-list). For measurements (`npm run lighthouse`), not a product
// part.
import { createHash, createPublicKey } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** Headers that belong to one connection (RFC 9113 8.2.2 forbids them in HTTP/2). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

export interface H2Front {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** base64 SHA-256 of the certificate's public key, for --ignore-certificate-errors-spki-list */
  spkiHash: string;
  /** the certificate (PEM), for a client that trusts it as its CA */
  certificate: string;
  /** Where requests go (http://host:port); set once the API listens. */
  forwardTo(upstream: string): void;
  close(): Promise<void>;
}

function forwardedHeaders(req: Http2ServerRequest): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
    headers[name] = value;
  }
  headers.host = req.authority || req.headers.host;
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'https';
  return headers;
}

export async function startH2Front(): Promise<H2Front> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const spki = createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  const spkiHash = createHash('sha256').update(spki).digest('base64');
  let upstream: URL | undefined;

  const handle = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    if (!upstream) {
      res.writeHead(503).end();
      return;
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
      },
      (answer) => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  };

  const server = createSecureServer(
    { key: pems.private, cert: pems.cert, allowHTTP1: true },
    handle,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    spkiHash,
    certificate: pems.cert,
    forwardTo(url) {
      upstream = new URL(url);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // open browser sessions would keep close() waiting
        setTimeout(resolve, 2_000).unref();
      }),
  };
}
