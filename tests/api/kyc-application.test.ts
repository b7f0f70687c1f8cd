import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_STATUS_CODE, type KycState } from '../../src/shared/api/kyc';
import { createMember, post, type TestMember } from '../helpers/auth';
import {
  as,
  businessApplication,
  documents,
  kycCall,
  ops,
  personal,
  status,
  submitIndividual,
  tempUploadsDir,
  uploadImage,
} from '../helpers/kyc';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let storage: ReturnType<typeof tempUploadsDir>;

beforeAll(async () => {
  storage = tempUploadsDir();
  t = await createTestApp({ config: { uploadsDir: storage.dir } });
});
afterAll(async () => {
  await t?.close();
  storage?.remove();
});

const LOCKED = (state: KycState) => ({ status: 409, message: 'kyc_locked', data: { state } });
const memberInfo = async (member: TestMember) =>
  (await post(t.app, '/member/ico/getMemberInfo', undefined, as(member))).json().data;

describe('the personal part (modifyLevelOne)', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(t.app);
  });

  const fieldError = async (overrides: Parameters<typeof personal>[0]) => {
    const res = await kycCall(t.app, member, 'modifyLevelOne', personal(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('validation_failed');
    return res.json().data as { field: string; issues: { field: string; message: string }[] };
  };

  it('enforces the Taiwan ID checksum for an ID card', async () => {
    expect(await fieldError({ nationalIdNumber: 'A123456788' })).toMatchObject({
      field: 'nationalIdNumber',
      issues: [{ field: 'nationalIdNumber', message: 'Incorrect ID No. format' }],
    });
    expect((await fieldError({ nationalIdNumber: undefined })).field).toBe('nationalIdNumber');
    // a passport holder of Taiwan nationality still gives a valid national ID number
    expect(
      (
        await fieldError({
          idType: 'passport',
          passportNumber: '312345678',
          nationalIdNumber: 'B123456789',
        })
      ).issues,
    ).toEqual([{ field: 'nationalIdNumber', message: 'Incorrect ID No. format' }]);
    const ok = await kycCall(
      t.app,
      member,
      'modifyLevelOne',
      personal({ nationalIdNumber: 'a123456789' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await kycCall(t.app, member, 'getLevelOne')).json().data.nationalIdNumber).toBe(
      'A123456789',
    );
  });

  it('applies the passport, date and country rules (today in UTC+8)', async () => {
    expect(
      (await fieldError({ idType: 'passport', passportNumber: undefined })).issues,
    ).toContainEqual({ field: 'passportNumber', message: 'kyc_required_field' });
    // the test clock is 2025-03-01T04:00Z = 2025-03-01 12:00 in UTC+8
    expect((await fieldError({ issueDate: '2025-03-02' })).issues).toEqual([
      { field: 'issueDate', message: 'kyc_date_in_future' },
    ]);
    expect((await fieldError({ expirationDate: '2025-03-01' })).issues).toEqual([
      { field: 'expirationDate', message: 'kyc_date_expired' },
    ]);
    expect((await fieldError({ expirationDate: undefined })).issues).toEqual([
      { field: 'expirationDate', message: 'kyc_required_field' },
    ]);
    expect((await fieldError({ dateOfBirth: '2023-02-29' })).issues).toEqual([
      { field: 'dateOfBirth', message: 'kyc_date_format' },
    ]);
    expect((await fieldError({ countryOfResidence: 'US' })).issues).toEqual([
      { field: 'countryOfResidence', message: 'kyc_restricted_country' },
    ]);
    expect((await fieldError({ issuePlace: 'nowhere' })).issues).toEqual([
      { field: 'issuePlace', message: 'kyc_unknown_code' },
    ]);
    // schema problems use the same envelope, naming the field
    const bad = await kycCall(t.app, member, 'modifyLevelOne', { ...personal(), surname: '  ' });
    expect(bad.json()).toMatchObject({
      status: 400,
      message: 'validation_failed',
      data: { field: 'surname' },
    });
    // an NHI card needs no expiration date; a foreign passport names its issuing authority freely
    for (const ok of [
      personal({ idType: 'nhi_card', expirationDate: undefined }),
      personal({
        idType: 'passport',
        passportNumber: 'x1234567',
        nationality: 'SG',
        nationalIdNumber: undefined,
        issuePlace: 'ICA Singapore',
      }),
    ]) {
      const res = await kycCall(t.app, member, 'modifyLevelOne', ok);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('the documents part (modifyLevelTwo)', () => {
  it('needs the back image unless the saved ID type is a passport', async () => {
    const member = await createMember(t.app);
    const docs = await documents(t.app, member, false);
    const withoutPersonal = await kycCall(t.app, member, 'modifyLevelTwo', docs);
    expect(withoutPersonal.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'backImageId' },
    });
    await kycCall(t.app, member, 'modifyLevelOne', personal());
    expect((await kycCall(t.app, member, 'modifyLevelTwo', docs)).json().data.field).toBe(
      'backImageId',
    );
    await kycCall(
      t.app,
      member,
      'modifyLevelOne',
      personal({ idType: 'passport', passportNumber: 'P1234567' }),
    );
    const ok = await kycCall(t.app, member, 'modifyLevelTwo', docs);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await kycCall(t.app, member, 'getLevelTwo')).json().data).toEqual(docs);

    // back to an ID card: the submission now lacks the back image
    await kycCall(t.app, member, 'modifyLevelOne', personal());
    const submit = await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    expect(submit.json()).toEqual({
      status: 409,
      message: 'kyc_incomplete',
      data: { missing: ['backImageId'] },
    });
  });
});

describe('member transitions', () => {
  it('pending: getLevelOne/Two are null, submit is refused as incomplete', async () => {
    const member = await createMember(t.app);
    expect((await kycCall(t.app, member, 'getLevelOne')).json().data).toBeNull();
    expect((await kycCall(t.app, member, 'getLevelTwo')).json().data).toBeNull();
    const empty = await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({
      status: 409,
      message: 'kyc_incomplete',
      data: { missing: ['personal', 'documents'] },
    });
    await kycCall(t.app, member, 'modifyLevelOne', personal());
    const half = await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    expect(half.json().data).toEqual({ missing: ['documents'] });
    const noDeclaration = await kycCall(t.app, member, 'verifyLevelThree', {});
    expect(noDeclaration.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'declaration' },
    });
    expect((await status(t.app, member)).state).toBe('pending');
  });

  it('submitted stays editable; under review, edits and submits are locked', async () => {
    const member = await createMember(t.app);
    const submitted = await submitIndividual(t.app, member);
    expect(submitted).toMatchObject({
      state: 'submitted',
      selfUserKYCStatus: 1,
      kind: 'individual',
      canEdit: true,
      submittedAt: t.clock.now().toISOString(),
    });
    // an edit before the review keeps it submitted; submitting again changes nothing
    const edit = await kycCall(t.app, member, 'modifyLevelOne', personal({ jobTitle: 'Analyst' }));
    expect(edit.json().data.state).toBe('submitted');
    const again = await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    expect(again.json().data.state).toBe('submitted');

    await ops(t, 'kyc/start', { email: member.email });
    expect(await status(t.app, member)).toMatchObject({
      state: 'under_review',
      selfUserKYCStatus: 2,
      canEdit: false,
    });
    for (const [name, body] of [
      ['modifyLevelOne', personal()],
      ['modifyLevelTwo', await documents(t.app, member)],
      ['verifyLevelThree', { declaration: true }],
    ] as const) {
      const res = await kycCall(t.app, member, name, body);
      expect(res.statusCode, name).toBe(409);
      expect(res.json(), name).toEqual(LOCKED('under_review'));
    }
    expect((await kycCall(t.app, member, 'getLevelOne')).json().data.jobTitle).toBe('Analyst');
  });

  it('rejected and insufficient are corrected and resubmitted; resubmitted waits locked', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    await ops(t, 'kyc/reject', {
      email: member.email,
      items: 'surname,frontImage',
      note: 'blurry',
    });
    expect(await status(t.app, member)).toMatchObject({
      state: 'rejected',
      selfUserKYCStatus: 3,
      canEdit: true,
      rejectedItems: ['surname', 'frontImage'],
      reviewNote: 'blurry',
    });
    const fixed = await kycCall(t.app, member, 'modifyLevelOne', personal({ surname: '黃' }));
    expect(fixed.json().data.state).toBe('rejected');
    const resubmitted = await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    expect(resubmitted.json().data).toMatchObject({
      state: 'resubmitted',
      selfUserKYCStatus: 1,
      canEdit: false,
      rejectedItems: [],
      reviewNote: null,
    });
    expect((await kycCall(t.app, member, 'modifyLevelOne', personal())).json()).toEqual(
      LOCKED('resubmitted'),
    );

    await ops(t, 'kyc/insufficient', { email: member.email, note: 'a utility bill, please' });
    expect(await status(t.app, member)).toMatchObject({
      state: 'insufficient',
      selfUserKYCStatus: 3,
      canEdit: true,
      reviewNote: 'a utility bill, please',
    });
    expect((await memberInfo(member)).kycFlags).toEqual({ insufficient: true });
    const docs = {
      ...(await documents(t.app, member)),
      extraImageIds: [await uploadImage(t.app, member)],
    };
    expect((await kycCall(t.app, member, 'modifyLevelTwo', docs)).statusCode).toBe(200);
    const again = await kycCall(t.app, member, 'verifyLevelThree', { declaration: true });
    expect(again.json().data.state).toBe('resubmitted');
    expect((await memberInfo(member)).kycFlags).toEqual({ insufficient: false });
  });

  it('getStatus reports selfUserKYCStatus for every state', async () => {
    const seen: Partial<Record<KycState, number>> = {};
    const record = async (member: TestMember) => {
      const s = await status(t.app, member);
      seen[s.state] = s.selfUserKYCStatus;
    };
    const a = await createMember(t.app);
    await record(a); // pending
    await submitIndividual(t.app, a);
    await record(a); // submitted
    await ops(t, 'kyc/start', { email: a.email });
    await record(a); // under_review
    await ops(t, 'kyc/reject', { email: a.email, items: 'issueDate' });
    await record(a); // rejected
    await kycCall(t.app, a, 'verifyLevelThree', { declaration: true });
    await record(a); // resubmitted
    await ops(t, 'kyc/insufficient', { email: a.email, note: 'more' });
    await record(a); // insufficient
    await kycCall(t.app, a, 'verifyLevelThree', { declaration: true });
    await ops(t, 'kyc/approve', { email: a.email });
    await record(a); // verified
    const b = await createMember(t.app);
    await submitIndividual(t.app, b);
    await ops(t, 'kyc/fail', { email: b.email, note: 'forged document' });
    await record(b); // failed
    expect(seen).toEqual(KYC_STATUS_CODE);
    expect(seen).toEqual({
      pending: 0,
      submitted: 1,
      resubmitted: 1,
      under_review: 2,
      rejected: 3,
      insufficient: 3,
      failed: 3,
      verified: 4,
    });
    // verified and failed are final for the member
    for (const member of [a, b]) {
      const state = (await status(t.app, member)).state;
      expect((await kycCall(t.app, member, 'modifyLevelOne', personal())).json()).toEqual(
        LOCKED(state),
      );
      expect(
        (await kycCall(t.app, member, 'verifyLevelThree', { declaration: true })).json(),
      ).toEqual(LOCKED(state));
    }
  });

  it('kycForm answers everything saved, with the images it refers to', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    const res = await t.app.inject({
      method: 'GET',
      url: '/member/ico/kyc/kycForm',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const form = res.json().data;
    expect(form.status.state).toBe('submitted');
    expect(form.personal).toEqual(personal());
    expect(form.business).toBeNull();
    expect(form.images.map((i: { imageId: string }) => i.imageId)).toEqual([
      form.documents.frontImageId,
      form.documents.backImageId,
      form.documents.selfieImageId,
      form.documents.secondIdImageId,
    ]);
    expect(form.images[1]).toMatchObject({
      contentType: 'image/jpeg',
      url: `/member/ico/kyc/image/${form.documents.backImageId}`,
    });
  });
});

describe('account types', () => {
  it('an individual account cannot use the business form', async () => {
    const member = await createMember(t.app);
    const res = await post(
      t.app,
      '/member/applyBusinessVerify',
      await businessApplication(t.app, member),
      as(member),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, message: 'kyc_wrong_account_type', data: null });
    expect((await status(t.app, member)).state).toBe('pending');
  });

  it('an institutional account uses applyBusinessVerify only: saved and submitted at once', async () => {
    const company = await createMember(t.app, { accountType: 'institutional' });
    for (const [name, body] of [
      ['modifyLevelOne', personal()],
      ['modifyLevelTwo', await documents(t.app, company)],
      ['verifyLevelThree', { declaration: true }],
    ] as const) {
      const res = await kycCall(t.app, company, name, body);
      expect(res.json().message, name).toBe('kyc_wrong_account_type');
    }
    const application = await businessApplication(t.app, company);
    const restricted = await post(
      t.app,
      '/member/applyBusinessVerify',
      { ...application, countryOfIncorporation: 'JP' },
      as(company),
    );
    expect(restricted.json().data.field).toBe('countryOfIncorporation');
    const res = await post(t.app, '/member/applyBusinessVerify', application, as(company));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'submitted',
      kind: 'institutional',
      selfUserKYCStatus: 1,
    });
    // editable while submitted: the part is replaced, still submitted
    const again = await post(
      t.app,
      '/member/applyBusinessVerify',
      { ...application, representativeTitle: 'CEO' },
      as(company),
    );
    expect(again.json().data.state).toBe('submitted');

    await ops(t, 'kyc/reject', { email: company.email, items: 'proofOfAddressImage' });
    const resubmit = await post(t.app, '/member/applyBusinessVerify', application, as(company));
    expect(resubmit.json().data.state).toBe('resubmitted');
    await ops(t, 'kyc/approve', { email: company.email });
    const info = await memberInfo(company);
    expect(info).toMatchObject({
      groupID: 2,
      realName: 'Formosa Capital Ltd.',
      region: 'SG',
      accountType: 'institutional',
    });
    expect(info.roleId & 64).toBe(64);
    const locked = await post(t.app, '/member/applyBusinessVerify', application, as(company));
    expect(locked.json()).toEqual(LOCKED('verified'));
  });

  it("refuses another member's image in the business documents", async () => {
    const company = await createMember(t.app, { accountType: 'institutional' });
    const other = await createMember(t.app);
    const application = await businessApplication(t.app, company);
    application.documents.registerOfDirectorsImageId = await uploadImage(t.app, other);
    const res = await post(t.app, '/member/applyBusinessVerify', application, as(company));
    expect(res.json()).toEqual({
      status: 400,
      message: 'kyc_unknown_image',
      data: { field: 'documents.registerOfDirectorsImageId' },
    });
  });
});
