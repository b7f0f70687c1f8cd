import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema';
import { createMember, freshIp, post, type TestMember } from '../helpers/auth';
import {
  as,
  documents,
  JPEG,
  kycCall,
  multipartBody,
  PDF,
  personal,
  PNG,
  pngOfSize,
  tempUploadsDir,
  upload,
  uploadImage,
} from '../helpers/kyc';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A small limit keeps the oversized case fast; the rule is the same at the default 5 MiB.
const MAX_BYTES = 32 * 1024;
let t: TestApp;
let storage: ReturnType<typeof tempUploadsDir>;
let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  storage = tempUploadsDir();
  t = await createTestApp({ config: { uploadsDir: storage.dir, uploadMaxBytes: MAX_BYTES } });
  alice = await createMember(t.app);
  bob = await createMember(t.app);
});
afterAll(async () => {
  await t?.close();
  storage?.remove();
});

const storedFiles = () => (existsSync(storage.dir) ? readdirSync(storage.dir) : []);

describe('POST /member/uploadImage', () => {
  it('accepts a PNG: a random id, the owner, size and SHA-256 recorded, the file outside the web root', async () => {
    const res = await upload(t.app, alice, PNG, { filename: '../../etc/passwd.png' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      imageId: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      contentType: 'image/png',
      size: PNG.length,
      url: `/member/ico/kyc/image/${data.imageId}`,
    });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, data.imageId));
    expect(row).toMatchObject({
      memberId: alice.memberId,
      contentType: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    // stored under the server-generated id, never the client's file name
    expect(readFileSync(path.join(storage.dir, data.imageId))).toEqual(PNG);
    expect(storedFiles().every((name) => /^[A-Za-z0-9_-]+$/.test(name))).toBe(true);
  });

  it('accepts a JPEG by its content whatever the declared type and name', async () => {
    const res = await upload(t.app, alice, JPEG, {
      filename: 'selfie.bin',
      contentType: 'application/octet-stream',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length });
  });

  it('refuses a PDF renamed to .png (declared image/png) and stores nothing', async () => {
    const before = storedFiles().length;
    const res = await upload(t.app, alice, PDF, {
      filename: 'passport.png',
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      status: 415,
      message: 'kyc_file_type',
      data: { field: 'imageFile' },
    });
    expect(storedFiles().length).toBe(before);
    const empty = await upload(t.app, alice, Buffer.alloc(0));
    expect(empty.json().message).toBe('kyc_file_type');
    // a GIF is an image, but not one of the accepted types
    const gif = await upload(t.app, alice, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(gif.json().message).toBe('kyc_file_type');
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 "File size exceeds %sMB" and keeps nothing', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await t.database.db.select().from(uploads)).length;
    const res = await upload(t.app, alice, pngOfSize(MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      status: 413,
      message: 'File size exceeds %sMB',
      data: { field: 'imageFile', maxBytes: MAX_BYTES },
    });
    expect(storedFiles().length).toBe(before);
    expect((await t.database.db.select().from(uploads)).length).toBe(rowsBefore);

    // far too large: refused from its Content-Length before the body is read
    const huge = await upload(t.app, alice, pngOfSize(MAX_BYTES * 4));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('File size exceeds %sMB');

    // exactly the limit is fine
    const atLimit = await upload(t.app, alice, pngOfSize(MAX_BYTES));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().data.size).toBe(MAX_BYTES);
  });

  it('needs the file in the imageFile field of a multipart body', async () => {
    const wrongField = await upload(t.app, alice, PNG, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'imageFile' },
    });
    const json = await post(t.app, '/member/uploadImage', { imageFile: 'x' }, as(alice));
    expect(json.statusCode).toBe(415);
    // an unreadable multipart body is the client's error, never a 500
    const { payload } = multipartBody(PNG);
    for (const [contentType, body] of [
      ['multipart/form-data', payload],
      [multipartBody(PNG).headers['content-type']!, payload.subarray(0, payload.length - 40)],
    ] as const) {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/member/uploadImage',
        headers: { 'content-type': contentType, authorization: `Bearer ${alice.token}` },
        payload: body,
      });
      expect(broken.statusCode, contentType).toBe(400);
      expect(broken.json()).toEqual({
        status: 400,
        message: 'bad_request',
        data: { field: 'imageFile' },
      });
    }
  });

  it('is rate-limited per member, from any address (30 per 10 minutes)', async () => {
    const carol = await createMember(t.app);
    const { payload, headers } = multipartBody(PNG);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/member/uploadImage',
        remoteAddress: freshIp(),
        headers: { ...headers, authorization: `Bearer ${carol.token}` },
        payload,
      });
    for (let i = 0; i < 30; i += 1) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('rate_limited');
  });
});

describe('GET /member/ico/kyc/image/:imageId', () => {
  it('serves the image to its owner only, privately and without sniffing', async () => {
    const imageId = await uploadImage(t.app, alice, JPEG);
    const res = await t.app.inject({
      method: 'GET',
      url: `/member/ico/kyc/image/${imageId}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(JPEG);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(JPEG.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });

    // another member, an unknown id and a malformed id all read as "not found" (never 403)
    for (const [member, id] of [
      [bob, imageId],
      [alice, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      [alice, '..%2F..%2Fjwt-secret'],
    ] as const) {
      const other = await t.app.inject({
        method: 'GET',
        url: `/member/ico/kyc/image/${id}`,
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(other.statusCode, id).toBe(404);
      expect(other.json()).toEqual({ status: 404, message: 'not_found', data: null });
    }
  });
});

describe('image ids in an application', () => {
  it("refuse another member's upload (kyc_unknown_image naming the field)", async () => {
    expect((await kycCall(t.app, alice, 'modifyLevelOne', personal())).statusCode).toBe(200);
    const own = await documents(t.app, alice);
    const bobsImage = await uploadImage(t.app, bob);
    const res = await kycCall(t.app, alice, 'modifyLevelTwo', { ...own, selfieImageId: bobsImage });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'kyc_unknown_image',
      data: { field: 'selfieImageId' },
    });
    const extra = await kycCall(t.app, alice, 'modifyLevelTwo', {
      ...own,
      extraImageIds: [own.frontImageId, 'NoSuchImage0000000000'],
    });
    expect(extra.json()).toMatchObject({
      message: 'kyc_unknown_image',
      data: { field: 'extraImageIds.1' },
    });
    const ok = await kycCall(t.app, alice, 'modifyLevelTwo', own);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
