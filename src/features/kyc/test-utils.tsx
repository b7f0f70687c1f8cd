// Test helpers of the KYC feature (used by its *.test.tsx files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { kycStatusAnswer } from '../../components/testing/kyc-status';
import { renderWithProviders } from '../../components/testing/render';
import type { KycImage } from '../../services/kyc';
import type { KycDocuments, KycForm, KycPersonal, KycState, KycStatus } from '../../shared/api/kyc';
import { KYC_STATUS_CODE } from '../../shared/api/kyc';
import { DOC_ISSUE_PLACES } from '../../shared/constants/doc-issue-places';

export function renderKyc(ui: ReactElement, { route = '/kyc', lng = 'en-US' } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    route,
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

export function kycStatus(state: KycState, overrides: Partial<KycStatus> = {}): KycStatus {
  return kycStatusAnswer({
    selfUserKYCStatus: KYC_STATUS_CODE[state],
    state,
    kind: state === 'pending' ? null : 'individual',
    submittedAt: state === 'pending' ? null : '2024-05-01T02:00:00.000Z',
    canEdit: ['pending', 'submitted', 'resubmitted', 'rejected', 'insufficient'].includes(state),
    ...overrides,
  });
}

export const savedPersonal: KycPersonal = {
  idType: 'id_card',
  surname: 'Wang',
  givenName: 'Hsiao-Ming',
  nationalIdNumber: 'A123456789',
  issueDate: '2020-01-02',
  issueType: 'reissue',
  issuePlace: '63000',
  expirationDate: '2035-01-02',
  nationality: 'TW',
  countryOfResidence: 'TW',
  placeOfBirth: 'Taipei',
  dateOfBirth: '1990-03-04',
  residentialAddress: 'No. 1, Zhongxiao E. Rd., Taipei',
  currentAddress: 'No. 1, Zhongxiao E. Rd., Taipei',
  jobTitle: 'Engineer',
  accountPurpose: 'investment',
};

export const savedDocuments: KycDocuments = {
  frontImageId: 'front_saved_01',
  backImageId: 'back_saved_001',
  selfieImageId: 'selfie_saved_1',
  secondIdImageId: 'second_saved_1',
};

/**
 * A stateful stand-in for the member service behind the mocked `services/kyc`: the saves
 * change what getKycForm answers, the submit moves pending/rejected/... on like the server.
 */
export function createKycBackend(
  initial: {
    status?: KycStatus;
    personal?: KycPersonal | null;
    documents?: KycDocuments | null;
  } = {},
) {
  const state = {
    status: initial.status ?? kycStatus('pending'),
    personal: initial.personal ?? null,
    documents: initial.documents ?? null,
  };
  let uploads = 0;
  const form = (): KycForm => ({
    status: state.status,
    personal: state.personal,
    documents: state.documents,
    business: null,
    images: [],
  });
  return {
    state,
    getKycStatus: vi.fn(async () => state.status),
    getKycForm: vi.fn(async () => form()),
    modifyLevelOne: vi.fn(async (body: KycPersonal) => {
      state.personal = body;
    }),
    modifyLevelTwo: vi.fn(async (body: KycDocuments) => {
      state.documents = body;
    }),
    verifyLevelThree: vi.fn(async () => {
      const next =
        state.status.state === 'pending' || state.status.state === 'submitted'
          ? 'submitted'
          : 'resubmitted';
      state.status = kycStatus(next, { kind: 'individual' });
    }),
    applyBusinessVerify: vi.fn(async () => {
      state.status = kycStatus('submitted', { kind: 'institutional' });
    }),
    uploadImage: vi.fn(async (file: Blob, onProgress?: (fraction: number) => void) => {
      uploads += 1;
      onProgress?.(1);
      const image: KycImage = {
        imageId: `upload_${String(uploads).padStart(8, '0')}`,
        contentType: file.type,
        size: file.size,
        url: `/member/ico/kyc/image/upload_${uploads}`,
      };
      return image;
    }),
    kycImageUrl: vi.fn(async (imageId: string) => `blob:server-${imageId}`),
  };
}

export type KycBackend = ReturnType<typeof createKycBackend>;

export const docIssuePlaces = () => DOC_ISSUE_PLACES.map((place) => ({ ...place }));

export const png = (name: string) => new File(['png'], name, { type: 'image/png' });

type User = ReturnType<typeof userEvent.setup>;

export const field = (name: string) =>
  screen.getByTestId(`kyc-field-${name}`) as HTMLInputElement & HTMLSelectElement;

/** The inline error of a labelled control (linked through aria-describedby). */
export function errorOf(element: HTMLElement): string | undefined {
  const id = element
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined;
}

export async function pickCountry(user: User, name: string, country: string) {
  await user.clear(field(name));
  await user.type(field(name), country);
  await user.keyboard('{Enter}');
}

/** Fills step 1 with a valid Taiwanese ID card application. */
export async function fillPersonal(user: User, overrides: { surname?: string } = {}) {
  await user.selectOptions(field('idType'), 'id_card');
  await user.type(field('surname'), overrides.surname ?? 'Wang');
  await user.type(field('givenName'), 'Hsiao-Ming');
  await pickCountry(user, 'nationality', 'Taiwan');
  await user.type(field('nationalIdNumber'), 'a123456789');
  await user.type(field('issueDate'), '20200102');
  await user.selectOptions(field('issueType'), 'initial');
  await screen.findByRole('option', { name: 'Taipei City (北市)' });
  await user.selectOptions(field('issuePlace'), '63000');
  await user.type(field('expirationDate'), '20350102');
  await pickCountry(user, 'countryOfResidence', 'Taiwan');
  await user.type(field('placeOfBirth'), 'Taipei');
  await user.type(field('dateOfBirth'), '19900304');
  await user.type(field('residentialAddress'), 'No. 1, Zhongxiao E. Rd., Taipei');
  await user.click(field('sameAddress'));
  await user.type(field('jobTitle'), 'Engineer');
  await user.selectOptions(field('accountPurpose'), 'investment');
}
