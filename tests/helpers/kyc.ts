import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { KycPersonal, KycStatus } from '../../src/shared/api/kyc';
import type { App } from '../../src/server/app';
import { type OpsCommandName, runOpsCommand } from '../../src/server/ops/commands';
import { freshIp, post, type TestMember } from './auth';
import type { TestApp } from './test-app';

/**
 * Helpers for the identity-verification (KYC) API tests: small real image bytes, multipart
 * uploads, a valid application, and operator commands run like the CLI runs them.
 */

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A minimal baseline JPEG (SOI, JFIF APP0, ... as a 1x1 image would start). */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0x11),
  Buffer.from([0xff, 0xd9]),
]);
/** A PDF (what a renamed `passport.png` really is). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/** A PNG of exactly `size` bytes (the signature, then filler). */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x42);
  PNG.subarray(0, 8).copy(bytes);
  return bytes;
}

const BOUNDARY = '----bcnt-test-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body with one file part. */
export function multipartBody(
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const head =
    `--${BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'imageFile'}"; filename="${options.filename ?? 'id-front.png'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** POST /member/uploadImage. */
export function upload(
  app: App,
  member: Pick<TestMember, 'token'>,
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(bytes, options);
  return app.inject({
    method: 'POST',
    url: '/member/uploadImage',
    remoteAddress: freshIp(),
    headers: { ...headers, authorization: `Bearer ${member.token}` },
    payload,
  });
}

/** Upload an image and answer its id. */
export async function uploadImage(
  app: App,
  member: Pick<TestMember, 'token'>,
  bytes: Buffer = PNG,
): Promise<string> {
  const res = await upload(app, member, bytes);
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`);
  return res.json().data.imageId as string;
}

/** A valid personal part: a Taiwan ID card holder (today is 2025-03-01 in the tests). */
export function personal(overrides: Partial<KycPersonal> = {}): KycPersonal {
  return {
    idType: 'id_card',
    surname: '王',
    givenName: '小明',
    nationalIdNumber: 'A123456789',
    issueDate: '2020-01-15',
    issueType: 'initial',
    issuePlace: '63000',
    expirationDate: '2035-01-15',
    nationality: 'TW',
    countryOfResidence: 'TW',
    placeOfBirth: 'Taipei',
    dateOfBirth: '1990-05-05',
    residentialAddress: 'No. 1, Sec. 1, Zhongxiao E. Rd., Taipei',
    currentAddress: 'No. 1, Sec. 1, Zhongxiao E. Rd., Taipei',
    jobTitle: 'Engineer',
    accountPurpose: 'investment',
    ...overrides,
  };
}

export const as = (member: Pick<TestMember, 'token'>) => ({ token: member.token });

/** The documents part with fresh uploads of the member. */
export async function documents(app: App, member: TestMember, withBack = true) {
  return {
    frontImageId: await uploadImage(app, member),
    ...(withBack ? { backImageId: await uploadImage(app, member, JPEG) } : {}),
    selfieImageId: await uploadImage(app, member),
    secondIdImageId: await uploadImage(app, member, JPEG),
  };
}

export async function kycCall(
  app: App,
  member: Pick<TestMember, 'token'>,
  name: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return post(app, `/member/ico/kyc/${name}`, body, as(member));
}

export async function status(app: App, member: Pick<TestMember, 'token'>): Promise<KycStatus> {
  const res = await kycCall(app, member, 'getStatus');
  if (res.statusCode !== 200) throw new Error(`getStatus: HTTP ${res.statusCode} ${res.body}`);
  return res.json().data as KycStatus;
}

/** Save both parts and submit: the application is `submitted`. */
export async function submitIndividual(
  app: App,
  member: TestMember,
  overrides: Partial<KycPersonal> = {},
): Promise<KycStatus> {
  for (const [name, body] of [
    ['modifyLevelOne', personal(overrides)],
    ['modifyLevelTwo', await documents(app, member)],
    ['verifyLevelThree', { declaration: true }],
  ] as const) {
    const res = await kycCall(app, member, name, body);
    if (res.statusCode !== 200) throw new Error(`${name}: HTTP ${res.statusCode} ${res.body}`);
  }
  return status(app, member);
}

/** A valid institutional application with fresh uploads. */
export async function businessApplication(app: App, member: TestMember) {
  const image = () => uploadImage(app, member);
  return {
    companyName: 'Formosa Capital Ltd.',
    registrationNumber: '12345678',
    countryOfIncorporation: 'SG',
    registeredAddress: '1 Raffles Place, Singapore',
    representativeName: 'Lin Mei',
    representativeTitle: 'Director',
    documents: {
      certificateOfIncorporationImageId: await image(),
      registerOfDirectorsImageId: await image(),
      shareholderRegisterImageId: await image(),
      representativeIdFrontImageId: await image(),
      representativeIdBackImageId: await image(),
      proofOfAddressImageId: await image(),
    },
    declaration: true as const,
  };
}

/**
 * Run an operator command the way the CLI does when it opens the database itself (`by` is the
 * operator's name; commands without it ignore it).
 */
export function ops(t: TestApp, command: OpsCommandName, input: Record<string, unknown>) {
  return runOpsCommand(
    {
      db: t.database.db,
      clock: t.clock,
      chainId: t.app.config.chainId,
      outbox: t.app.auth.outbox,
      uploads: t.app.uploads,
      appOrigin: t.app.config.appOrigin,
    },
    command,
    { by: 'reviewer-ann', ...input },
  );
}

/** A temporary uploads directory (removed by the returned function). */
export function tempUploadsDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bcnt-uploads-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
