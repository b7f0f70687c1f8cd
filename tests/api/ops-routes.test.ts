import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const OPS_TOKEN = 'ops-route-test-token-0123456789abcdef0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const forbidden = { status: 403, message: 'access_denied', data: null };

describe('/ops routes', () => {
  it('run a command for a loopback request carrying the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/maintenance/status',
      headers: { 'x-ops-token': OPS_TOKEN },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, data: { enabled: false } });
    const v6 = await t.app.inject({
      method: 'POST',
      url: '/ops/maintenance/status',
      headers: { 'x-ops-token': OPS_TOKEN },
      remoteAddress: '::1',
    });
    expect(v6.statusCode).toBe(200);
  });

  it('refuse a request without the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ops/maintenance/on' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('refuse a wrong token (and one that is a prefix of the real one)', async () => {
    for (const token of ['wrong-token', OPS_TOKEN.slice(0, -1), `${OPS_TOKEN}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/maintenance/on',
        headers: { 'x-ops-token': token },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuse a non-loopback client even with the right token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/maintenance/on',
      headers: { 'x-ops-token': OPS_TOKEN },
      remoteAddress: '192.168.1.20',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('refuse a request forwarded by a proxy on this machine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/maintenance/on',
      headers: { 'x-ops-token': OPS_TOKEN, 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(403);
  });

  it('nothing was changed by the refused requests', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/maintenance/status',
      headers: { 'x-ops-token': OPS_TOKEN },
    });
    expect(res.json().data.enabled).toBe(false);
  });

  it('validate their input like any route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/contact/list',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { limit: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      message: 'validation_failed',
      data: { field: 'limit' },
    });
  });

  it('do not exist on an app started without an ops token', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/ops/maintenance/status',
        headers: { 'x-ops-token': OPS_TOKEN },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'not_found', data: null });
    } finally {
      await plain.app.close();
    }
  });
});
