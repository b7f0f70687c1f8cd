import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getMaintenance,
  turnMaintenanceOff,
  turnMaintenanceOn,
} from '../../src/server/domain/maintenance';
import { createTestApp, type TestApp } from '../helpers/test-app';

const OPS_TOKEN = 'maintenance-test-ops-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await turnMaintenanceOff(t.database.db, t.clock);
});

const status = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/setting/MaintainStatus' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.status).toBe(0);
  return body.data as { startTime: string | null; endTime: string | null } | null;
};

const ops = (command: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/${command}`,
    headers: { 'x-ops-token': OPS_TOKEN },
    payload,
  });

describe('GET /api/v1/setting/MaintainStatus', () => {
  it('is null when maintenance is off', async () => {
    expect(await status()).toBeNull();
  });

  it('reports the window once maintenance is turned on through the ops route, and null after off', async () => {
    const on = await ops('maintenance/on');
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({
      enabled: true,
      active: true,
      startTime: null,
      endTime: null,
    });
    expect(await status()).toEqual({ startTime: null, endTime: null });

    const off = await ops('maintenance/off');
    expect(off.json().data).toMatchObject({ enabled: false, active: false });
    expect(await status()).toBeNull();
  });

  it('includes the announced end time', async () => {
    await ops('maintenance/on', { end: '2025-03-01T06:00:00+00:00' });
    expect(await status()).toEqual({ startTime: null, endTime: '2025-03-01T06:00:00.000Z' });
  });

  it('a future start time is a scheduled window: reported only once the start has passed', async () => {
    const start = new Date(t.clock.now().getTime() + 60 * 60_000);
    const end = new Date(start.getTime() + 2 * 60 * 60_000);
    const res = await ops('maintenance/on', { start: start.toISOString(), end: end.toISOString() });
    expect(res.json().data).toMatchObject({ enabled: true, scheduled: true, active: false });
    expect(await status()).toBeNull();

    t.clock.advance(60 * 60_000 - 1);
    expect(await status()).toBeNull();

    t.clock.advance(1);
    expect(await status()).toEqual({ startTime: start.toISOString(), endTime: end.toISOString() });

    // The end time is an announcement: maintenance stays on until an operator turns it off.
    t.clock.advance(3 * 60 * 60_000);
    expect(await status()).toEqual({ startTime: start.toISOString(), endTime: end.toISOString() });
    await ops('maintenance/off');
    expect(await status()).toBeNull();
  });

  it('a start time in the past means on at once', async () => {
    const start = new Date(t.clock.now().getTime() - 60_000).toISOString();
    await turnMaintenanceOn(t.database.db, t.clock, { start: new Date(start) });
    expect(await status()).toEqual({ startTime: start, endTime: null });
  });

  it('has its own loose rate limit for polling', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/setting/MaintainStatus',
      remoteAddress: '10.9.0.1',
    });
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    expect(res.headers['x-ratelimit-remaining']).toBe('599');
  });
});

describe('maintenance rules', () => {
  it('rejects an end before the start or in the past, and malformed times, naming the field', async () => {
    const now = t.clock.now().getTime();
    const before = await ops('maintenance/on', {
      start: new Date(now + 2 * 3600_000).toISOString(),
      end: new Date(now + 3600_000).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({
      status: 400,
      message: 'validation_failed',
      data: { field: 'end' },
    });
    expect(before.json().data.issues[0].message).toBe('end must be after start');

    const past = await ops('maintenance/on', { end: new Date(now - 1000).toISOString() });
    expect(past.json()).toMatchObject({ status: 400, data: { field: 'end' } });

    const malformed = await ops('maintenance/on', { start: 'tomorrow' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      status: 400,
      message: 'validation_failed',
      data: { field: 'start' },
    });

    const noOffset = await ops('maintenance/on', { start: '2025-03-01T09:00:00' });
    expect(noOffset.json().data.field).toBe('start');

    expect((await getMaintenance(t.database.db, t.clock)).enabled).toBe(false);
  });

  it('ops status reports the stored setting with its update time from the clock', async () => {
    await turnMaintenanceOn(t.database.db, t.clock);
    const res = await ops('maintenance/status');
    expect(res.json().data).toEqual({
      enabled: true,
      active: true,
      scheduled: false,
      startTime: null,
      endTime: null,
      updatedAt: t.clock.now().toISOString(),
    });
  });
});
