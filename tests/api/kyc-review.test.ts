import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycApplicationView, KycQueueEntry } from '../../src/server/domain/kyc/review';
import { ROLE } from '../../src/shared/membership/levels';
import { createMember, outbox, post, type TestMember } from '../helpers/auth';
import {
  as,
  JPEG,
  kycCall,
  ops,
  personal,
  status,
  submitIndividual,
  tempUploadsDir,
  uploadImage,
} from '../helpers/kyc';
import { cli as runCli } from '../helpers/ops-cli';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../helpers/test-app';

const OPS_TOKEN = 'kyc-review-ops-token-0123456789abcdef012345';
let t: TestApp;
let storage: ReturnType<typeof tempUploadsDir>;

beforeAll(async () => {
  storage = tempUploadsDir();
  t = await createTestApp({ config: { uploadsDir: storage.dir }, opsToken: OPS_TOKEN });
});
afterAll(async () => {
  await t?.close();
  storage?.remove();
});

const memberInfo = async (member: TestMember) =>
  (await post(t.app, '/member/ico/getMemberInfo', undefined, as(member))).json().data;
const show = (member: TestMember) =>
  ops(t, 'kyc/show', { email: member.email }) as Promise<KycApplicationView>;
const refused = (command: Parameters<typeof ops>[1], input: Record<string, unknown>) =>
  ops(t, command, input).then(
    () => {
      throw new Error(`${command} was not refused`);
    },
    (error: Error & { status?: number; data?: unknown }) => error,
  );
const subjects = async (member: TestMember) =>
  (await outbox(t.app, member.email)).map((m) => m.subject);

describe('the review queue', () => {
  it('lists submitted, resubmitted and under-review applications, oldest submission first', async () => {
    const first = await createMember(t.app);
    const second = await createMember(t.app);
    const third = await createMember(t.app);
    const idle = await createMember(t.app);
    await submitIndividual(t.app, first);
    t.clock.advance(60_000);
    await submitIndividual(t.app, second);
    t.clock.advance(60_000);
    await submitIndividual(t.app, third);
    await kycCall(t.app, idle, 'modifyLevelOne', personal());
    await ops(t, 'kyc/start', { email: second.email });

    const queue = (await ops(t, 'kyc/list', {})) as KycQueueEntry[];
    const mine = queue.filter((row) =>
      [first, second, third, idle].some((m) => m.email === row.email),
    );
    expect(mine.map((row) => [row.email, row.state])).toEqual([
      [first.email, 'submitted'],
      [second.email, 'under_review'],
      [third.email, 'submitted'],
    ]);
    expect(mine[0]).toMatchObject({ kind: 'individual', name: '王小明' });
    const pending = (await ops(t, 'kyc/list', { state: 'pending' })) as KycQueueEntry[];
    expect(pending.map((row) => row.email)).toContain(idle.email);
    await expect(ops(t, 'kyc/list', { state: 'nonsense' })).rejects.toThrow();
  });

  it('kyc show: the application, its images with ids, and the history', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    const view = await show(member);
    expect(view.member).toMatchObject({ email: member.email, realName: null });
    expect(view.application).toMatchObject({ state: 'submitted', kind: 'individual' });
    expect(view.images.map((image) => image.item)).toEqual([
      'frontImage',
      'backImage',
      'selfieImage',
      'secondIdImage',
    ]);
    expect(view.images[1]).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length });
    expect(view.history).toEqual([
      expect.objectContaining({
        subject: 'kyc',
        from: 'pending',
        to: 'submitted',
        actor: 'member',
        by: member.email,
      }),
    ]);
    await expect(ops(t, 'kyc/show', { email: 'ghost@example.com' })).rejects.toThrow(/No member/);
  });
});

describe('operator decisions', () => {
  it('approve (from submitted: the review starts implicitly) sets level 1, the real name and the referral code', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    expect(await memberInfo(member)).toMatchObject({ realName: null, referralCode: null });
    const view = (await ops(t, 'kyc/approve', { email: member.email })) as KycApplicationView;
    expect(view.application?.state).toBe('verified');
    expect(view.history.map((h) => [h.from, h.to, h.actor, h.by])).toEqual([
      ['pending', 'submitted', 'member', member.email],
      ['submitted', 'under_review', 'operator', 'reviewer-ann'],
      ['under_review', 'verified', 'operator', 'reviewer-ann'],
    ]);
    const info = await memberInfo(member);
    expect(info).toMatchObject({
      roleId: ROLE.investor | ROLE.kyc2,
      realName: '王小明',
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      groupID: 1,
      region: 'TW',
      kycFlags: { insufficient: false },
      kyc2ApplyResult: null,
      premier: false,
    });
    const s = await status(t.app, member);
    expect(s).toMatchObject({
      state: 'verified',
      selfUserKYCStatus: 4,
      reviewStartedAt: t.clock.now().toISOString(),
      decidedAt: t.clock.now().toISOString(),
    });
    const level = await t.app.inject({
      method: 'GET',
      url: '/member/loyalty/status',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(level.json().data).toMatchObject({ level: 1, kycVerified: true });
    const [mail] = await outbox(t.app, member.email);
    expect(mail).toMatchObject({
      channel: 'email',
      subject: 'BCNT Platform: Your identity is verified',
      link: 'http://localhost:5173/account',
    });

    // approving twice is refused with a clear message
    const twice = await refused('kyc/approve', { email: member.email });
    expect(twice.message).toBe(
      `Cannot approve the KYC application of ${member.email}: it is already decided (verified).`,
    );
    expect(twice.status).toBe(409);
    expect((await show(member)).history).toHaveLength(3);
  });

  it('approve writes surname and given name with a space for Latin names', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member, {
      idType: 'passport',
      passportNumber: 'E12345678',
      nationality: 'SG',
      countryOfResidence: 'SG',
      nationalIdNumber: undefined,
      issuePlace: 'ICA',
      surname: 'TAN',
      givenName: 'Mei Ling',
    });
    await ops(t, 'kyc/approve', { email: member.email });
    expect((await memberInfo(member)).realName).toBe('TAN Mei Ling');
  });

  it('reject needs items of the application kind; the member sees them and gets an e-mail', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    for (const items of [undefined, '', 'nonsense', 'companyName']) {
      const error = await refused('kyc/reject', { email: member.email, items });
      expect(error.status, String(items)).toBe(400);
      expect(error.data, String(items)).toMatchObject({ field: 'items' });
    }
    expect((await status(t.app, member)).state).toBe('submitted');
    await ops(t, 'kyc/reject', {
      email: member.email,
      items: ' selfieImage , dateOfBirth ',
      note: 'The selfie must show the dated note.',
    });
    expect(await status(t.app, member)).toMatchObject({
      state: 'rejected',
      rejectedItems: ['selfieImage', 'dateOfBirth'],
      reviewNote: 'The selfie must show the dated note.',
    });
    const [mail] = await outbox(t.app, member.email);
    expect(mail?.subject).toBe(
      'BCNT Platform: Identity verification: please correct your application',
    );
    // the e-mail does not carry the details
    expect(mail?.body).not.toContain('selfie');
    const history = (await show(member)).history.at(-1);
    expect(history).toMatchObject({
      to: 'rejected',
      items: ['selfieImage', 'dateOfBirth'],
      note: 'The selfie must show the dated note.',
    });
    // waiting for the member: the operator cannot decide again
    expect((await refused('kyc/approve', { email: member.email })).message).toMatch(
      /it is rejected: waiting for the member to resubmit/,
    );
  });

  it('insufficient and fail need a note; fail is final', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    await ops(t, 'kyc/start', { email: member.email });
    expect((await refused('kyc/start', { email: member.email })).message).toMatch(
      /already under review/,
    );
    for (const command of ['kyc/insufficient', 'kyc/fail'] as const) {
      const error = await refused(command, { email: member.email });
      expect(error.message).toMatch(/note/i);
    }
    await ops(t, 'kyc/insufficient', { email: member.email, note: 'Upload a bank statement.' });
    expect(await subjects(member)).toContain(
      'BCNT Platform: Identity verification: more documents needed',
    );
    await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    await ops(t, 'kyc/fail', { email: member.email, note: 'Document forged.' });
    expect(await status(t.app, member)).toMatchObject({
      state: 'failed',
      selfUserKYCStatus: 3,
      canEdit: false,
      reviewNote: 'Document forged.',
    });
    expect(await subjects(member)).toContain('BCNT Platform: Identity verification failed');
    for (const command of ['kyc/start', 'kyc/approve', 'kyc/fail'] as const) {
      const error = await refused(command, { email: member.email, note: 'x' });
      expect(error.message, command).toMatch(/already decided \(failed\)/);
    }
    expect((await memberInfo(member)).roleId & ROLE.kyc2).toBe(0);
  });

  it('refuses a review of an application that was never submitted', async () => {
    const none = await createMember(t.app);
    expect((await refused('kyc/start', { email: none.email })).message).toMatch(/has not applied/);
    await kycCall(t.app, none, 'modifyLevelOne', personal());
    expect((await refused('kyc/approve', { email: none.email })).message).toMatch(
      /has not been submitted/,
    );
  });

  it('the loopback /ops route runs a decision with the API process outbox', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/kyc/reject',
      remoteAddress: '127.0.0.1',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { email: member.email, items: ['surname'], by: 'cli-user' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.application.state).toBe('rejected');
    expect(res.json().data.history.at(-1)).toMatchObject({ by: 'cli-user', items: ['surname'] });
    const twice = await t.app.inject({
      method: 'POST',
      url: '/ops/kyc/reject',
      remoteAddress: '127.0.0.1',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { email: member.email, items: ['surname'] },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('kyc document', () => {
  it('answers the stored file of any member for the operator', async () => {
    const member = await createMember(t.app);
    const imageId = await uploadImage(t.app, member, JPEG);
    const file = (await ops(t, 'kyc/document', { imageId })) as {
      owner: string;
      data: string;
      sha256: string;
      contentType: string;
    };
    expect(file).toMatchObject({
      owner: member.email,
      contentType: 'image/jpeg',
      sha256: createHash('sha256').update(JPEG).digest('hex'),
    });
    expect(Buffer.from(file.data, 'base64')).toEqual(JPEG);
    await expect(ops(t, 'kyc/document', { imageId: 'NoSuchImage000000000' })).rejects.toThrow(
      /No upload/,
    );
  });
});

describe('ops CLI: kyc commands', () => {
  let dataDir: string;
  let testDb: TestDatabase;
  let member: TestMember;
  let imageId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bcnt-ops-kyc-'));
    // the CLI runs on this database (a copy of the migrated template; PostgreSQL in CI)
    testDb = await createTestDatabase();
    const database = testDb.database;
    // Prepare through the API on the CLI's database and upload directory, then close it.
    const app = await createTestApp({
      database,
      config: { uploadsDir: path.join(dataDir, 'uploads') },
    });
    member = await createMember(app.app);
    await submitIndividual(app.app, member);
    imageId = await uploadImage(app.app, member, JPEG);
    await app.app.close();
  }, 60_000);
  afterAll(async () => {
    await testDb?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[]) =>
    runCli(args, { DATA_DIR: dataDir, UPLOADS_DIR: '' }, testDb.database);

  it('lists, shows, rejects with items, writes a document and refuses what it must', async () => {
    const list = await cli(['kyc', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(member.email);
    expect(list.stdout).toContain('submitted');

    const noItems = await cli(['kyc', 'reject', member.email]);
    expect(noItems.code).toBe(2);
    expect(noItems.stderr).toContain('--items: name the items to correct');

    const reject = await cli([
      'kyc',
      'reject',
      member.email,
      '--items',
      'surname,frontImage',
      '--note',
      'Please retake the photo',
      '--by',
      'ann',
    ]);
    expect(reject.code, reject.stderr).toBe(0);
    expect(reject.stdout).toContain('KYC: rejected (individual)');
    expect(reject.stdout).toContain('items to correct: surname, frontImage');
    expect(reject.stdout).toMatch(/submitted -> under_review {2}by operator ann/);

    const again = await cli(['kyc', 'approve', member.email]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('waiting for the member to resubmit');

    const out = path.join(dataDir, 'document.jpg');
    const written = await cli(['kyc', 'document', imageId, '--out', out]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`Wrote ${out}: image/jpeg, ${JPEG.length} bytes`);
    expect(readFileSync(out)).toEqual(JPEG);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const overwrite = await cli(['kyc', 'document', imageId, '--out', out]);
    expect(overwrite.code).toBe(2);
    expect(overwrite.stderr).toContain('never overwritten');
    const noOut = await cli(['kyc', 'document', imageId]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('"kyc document" needs --out <file>');

    const shown = await cli(['kyc', 'show', member.email, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).application.rejectedItems).toEqual(['surname', 'frontImage']);
  }, 180_000);
});
