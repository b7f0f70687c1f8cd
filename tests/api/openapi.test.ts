import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, documented, type OpenApiDocument } from '../../src/server/openapi';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/dev/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const pathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 at the package version', () => {
    expect(doc.openapi).toBe('3.1.0');
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(doc.info.version).toBe(pkg.version);
    expect(API_VERSION).toBe(pkg.version);
  });

  it('describes every route the app registers, once, and nothing else', () => {
    const registered = t.app.routeTable
      .filter(documented)
      .map((route) => `${route.method.toLowerCase()} ${pathOf(route.url)}`)
      .sort();
    const described = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`))
      .sort();
    expect(described).toEqual(registered);
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks member routes with the bearer token and public ones without', () => {
    for (const route of t.app.routeTable.filter(documented)) {
      const op = doc.paths[pathOf(route.url)]![route.method.toLowerCase()]!;
      expect(Boolean(op.security), `${route.method} ${route.url}`).toBe(route.auth);
    }
  });

  it('carries the request schemas that validate the calls', async () => {
    const login = doc.paths['/member/login']!.post!;
    const body = login.requestBody!.content['application/json']!.schema as {
      required: string[];
      properties: Record<string, { maxLength?: number }>;
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body.required).toEqual(expect.arrayContaining(['grant_type']));
    expect(body.properties.email!.maxLength).toBe(254);
    // what the document says is refused is refused
    const res = await t.app.inject({
      method: 'POST',
      url: '/member/login',
      payload: { email: 'a'.repeat(250) + '@x.io', password: 'x' },
    });
    expect(res.statusCode).toBe(400);

    const image = doc.paths['/member/ico/kyc/image/{imageId}']!.get!;
    expect(image.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'imageId', in: 'path', required: true }),
      ]),
    );
    const withQuery = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.parameters?.some((p) => p.in === 'query'));
    expect(withQuery.length).toBeGreaterThan(5);
  });

  it('describes the answers, and a refusal as the envelope', () => {
    const info = doc.paths['/member/ico/getMemberInfo']!.post!;
    const schema = info.responses['200']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['status', 'message', 'data']),
    );
    expect(info.responses.default!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Refusal',
    });
  });
});
