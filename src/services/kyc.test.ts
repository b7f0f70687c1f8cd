import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycForm, KycPersonal, KycStatus } from '../shared/api/kyc';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { ApiError, configureHttpClient } from './http-client';
import {
  applyBusinessVerify,
  getKycForm,
  getKycImage,
  getKycStatus,
  kycImageUrl,
  modifyLevelOne,
  modifyLevelTwo,
  uploadImage,
  verifyLevelThree,
} from './kyc';
import { getLoginInfo, setLoginInfo } from './session';
import type { UploadTransport } from './xhr-upload';

const reload = vi.fn();

function setup(handler: FakeHandler, upload?: UploadTransport) {
  const fake = createFakeFetch(handler);
  configureHttpClient({
    fetch: fake.fetch,
    upload,
    getLocale: () => 'en-US',
    goToLanding: vi.fn(),
    reload,
    retryDelayMs: 0,
  });
  return fake;
}

const status: KycStatus = {
  selfUserKYCStatus: 1,
  state: 'submitted',
  kind: 'individual',
  submittedAt: '2024-05-01T00:00:00.000Z',
  reviewStartedAt: null,
  decidedAt: null,
  rejectedItems: [],
  reviewNote: null,
  canEdit: true,
  premier: { state: null, appliedAt: null, decidedAt: null },
};

const personal: KycPersonal = {
  idType: 'id_card',
  surname: 'Wang',
  givenName: 'Hsiao-Ming',
  nationalIdNumber: 'A123456789',
  issueDate: '2020-01-02',
  issueType: 'initial',
  issuePlace: '63000',
  expirationDate: '2030-01-02',
  nationality: 'TW',
  countryOfResidence: 'TW',
  placeOfBirth: 'Taipei',
  dateOfBirth: '1990-03-04',
  residentialAddress: 'No. 1, Sec. 1, Zhongxiao E. Rd., Taipei',
  currentAddress: 'No. 1, Sec. 1, Zhongxiao E. Rd., Taipei',
  jobTitle: 'Engineer',
  accountPurpose: 'investment',
};

const image = {
  imageId: 'img_0123456789',
  contentType: 'image/png',
  size: 1234,
  url: '/member/ico/kyc/image/img_0123456789',
};

beforeEach(() => {
  reload.mockReset();
  setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
});

describe('KYC service', () => {
  it('getKycStatus: authenticated POST /member/ico/kyc/getStatus, parsed by the contract', async () => {
    const fake = setup(() => ({ data: status }));
    await expect(getKycStatus()).resolves.toEqual(status);
    expect(fake.requests[0]).toMatchObject({ path: '/member/ico/kyc/getStatus', method: 'POST' });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('getKycStatus: an answer outside the state machine is a failure of the call', async () => {
    setup(() => ({ data: { ...status, state: 'approved' } }));
    await expect(getKycStatus()).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('getKycForm: GET /member/ico/kyc/kycForm; text values come back cleaned by the schema', async () => {
    const form: KycForm = {
      status,
      personal: { ...personal, surname: '  Wang (e12)' },
      documents: null,
      business: null,
      images: [image],
    };
    const fake = setup(() => ({ data: form }));
    const result = await getKycForm();
    expect(result.personal?.surname).toBe('Wang');
    expect(result.images).toEqual([image]);
    expect(fake.requests[0]).toMatchObject({ path: '/member/ico/kyc/kycForm', method: 'GET' });
  });

  it('the saves and submits go to their paths with their bodies', async () => {
    const fake = setup(() => ({ data: null }));
    const documents = {
      frontImageId: 'front_0123456789',
      selfieImageId: 'selfie_0123456789',
      secondIdImageId: 'second_0123456789',
    };
    await modifyLevelOne(personal);
    await modifyLevelTwo(documents);
    await verifyLevelThree({ declaration: true });
    const business = {
      companyName: 'BCNT Ltd',
      registrationNumber: '12345678',
      countryOfIncorporation: 'TW',
      registeredAddress: 'Taipei',
      representativeName: 'Wang',
      representativeTitle: 'Director',
      documents: {
        certificateOfIncorporationImageId: 'doc_0000000001',
        registerOfDirectorsImageId: 'doc_0000000002',
        shareholderRegisterImageId: 'doc_0000000003',
        representativeIdFrontImageId: 'doc_0000000004',
        representativeIdBackImageId: 'doc_0000000005',
        proofOfAddressImageId: 'doc_0000000006',
      },
      declaration: true as const,
    };
    await applyBusinessVerify(business);
    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/member/ico/kyc/modifyLevelOne', personal],
      ['POST', '/member/ico/kyc/modifyLevelTwo', documents],
      ['POST', '/member/ico/kyc/verifyLevelThree', { declaration: true }],
      ['POST', '/member/applyBusinessVerify', business],
    ]);
  });

  it('a save is replayed after a token refresh; a submit never is', async () => {
    let saves = 0;
    const fake = setup((req) => {
      if (req.path === '/member/refresh') {
        return { data: { token: 'tok2', refreshToken: 'ref2', expiredTime: Date.now() + 60_000 } };
      }
      if (req.path === '/member/ico/kyc/modifyLevelOne') {
        saves += 1;
        return saves === 1 ? { http: 401, status: 401, message: 'Please login again.' } : {};
      }
      return { http: 401, status: 401, message: 'Please login again.' };
    });
    await modifyLevelOne(personal);
    expect(fake.to('/member/ico/kyc/modifyLevelOne').map((r) => r.headers.Authorization)).toEqual([
      'Bearer tok',
      'Bearer tok2',
    ]);
    expect(getLoginInfo()?.token).toBe('tok2');

    await expect(verifyLevelThree({ declaration: true })).rejects.toBeInstanceOf(ApiError);
    expect(fake.to('/member/ico/kyc/verifyLevelThree')).toHaveLength(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a refusal keeps the server message and the field it names', async () => {
    setup(() => ({
      http: 400,
      status: 400,
      message: 'validation_failed',
      data: {
        field: 'nationalIdNumber',
        issues: [{ field: 'nationalIdNumber', message: 'Incorrect ID No. format' }],
      },
    }));
    const error = await modifyLevelOne(personal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toMatchObject({ field: 'nationalIdNumber' });
  });
});

describe('uploads and images', () => {
  it('uploadImage: multipart POST /member/uploadImage with the file in imageFile, never replayed', async () => {
    const fake = setup(() => ({ data: image }));
    const file = new File(['png-bytes'], 'front.png', { type: 'image/png' });
    await expect(uploadImage(file)).resolves.toEqual(image);
    const sent = fake.requests[0]!;
    expect(sent).toMatchObject({ path: '/member/uploadImage', method: 'POST' });
    expect(sent.headers['Content-Type']).toBeUndefined();
    expect(sent.headers.Authorization).toBe('Bearer tok');
    const form = sent.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const part = form.get('imageFile') as File;
    expect([part.name, part.type, part.size]).toEqual(['front.png', 'image/png', 9]);
  });

  it('uploadImage reports progress through the upload transport, with the auth header', async () => {
    const seen: { url: string; auth?: string }[] = [];
    const upload: UploadTransport = async (url, init, onProgress) => {
      seen.push({ url, auth: (init.headers as Record<string, string>).Authorization });
      onProgress(50, 200);
      onProgress(200, 200);
      return new Response(JSON.stringify({ status: 0, message: 'success', data: image }), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const fake = setup(() => ({ data: null }), upload);
    const progress: number[] = [];
    await expect(
      uploadImage(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), (f) => progress.push(f)),
    ).resolves.toEqual(image);
    expect(progress).toEqual([0.25, 1]);
    expect(seen).toEqual([
      { url: expect.stringMatching(/\/member\/uploadImage$/), auth: 'Bearer tok' },
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('uploadImage: a refused file surfaces the server message', async () => {
    setup(() => ({
      http: 413,
      status: 413,
      message: 'File size exceeds %sMB',
      data: { maxMb: 5 },
    }));
    await expect(
      uploadImage(new File(['x'], 'big.png', { type: 'image/png' })),
    ).rejects.toMatchObject({ message: 'File size exceeds %sMB' });
  });

  it('getKycImage: the image as a Blob from GET /member/ico/kyc/image/<id> with the token', async () => {
    const requests: { url: string; auth?: string }[] = [];
    configureHttpClient({
      fetch: async (input, init) => {
        requests.push({
          url: String(input),
          auth: (init?.headers as Record<string, string>).Authorization,
        });
        return new Response('image-bytes', {
          headers: { 'Content-Type': 'image/png' },
        });
      },
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload,
      retryDelayMs: 0,
    });
    const blob = await getKycImage('img_0123456789');
    expect(await blob.text()).toBe('image-bytes');
    expect(requests).toEqual([
      {
        url: expect.stringMatching(/\/member\/ico\/kyc\/image\/img_0123456789$/),
        auth: 'Bearer tok',
      },
    ]);
  });

  it('getKycImage: an envelope refusal is an ApiError; kycImageUrl makes an object URL', async () => {
    setup(() => ({ http: 404, status: 404, message: 'not_found' }));
    await expect(getKycImage('img_missing00')).rejects.toMatchObject({ message: 'not_found' });

    configureHttpClient({
      fetch: async () => new Response('x', { headers: { 'Content-Type': 'image/jpeg' } }),
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload,
    });
    const create = vi.fn(() => 'blob:preview-1');
    const original = URL.createObjectURL;
    URL.createObjectURL = create;
    try {
      await expect(kycImageUrl('img_0123456789')).resolves.toBe('blob:preview-1');
      expect(create).toHaveBeenCalledTimes(1);
    } finally {
      URL.createObjectURL = original;
    }
  });
});
