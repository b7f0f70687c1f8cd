import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressBarStore } from '../../../components/progress-bar-store';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as kycService from '../../../services/kyc';
import * as memberAuth from '../../../services/member-auth';
import * as member from '../../../services/member';
import { setLoginInfo } from '../../../services/session';
import {
  createKycBackend,
  docIssuePlaces,
  errorOf,
  field,
  fillPersonal,
  kycStatus,
  png,
  renderKyc,
  savedDocuments,
  savedPersonal,
  type KycBackend,
} from '../test-utils';
import KycPage from './kyc-page';

mockExports(kycService, {
  getKycStatus: vi.fn(),
  getKycForm: vi.fn(),
  modifyLevelOne: vi.fn(),
  modifyLevelTwo: vi.fn(),
  verifyLevelThree: vi.fn(),
  applyBusinessVerify: vi.fn(),
  uploadImage: vi.fn(),
  kycImageUrl: vi.fn(),
});
mockExports(member, { getDocIssuePlace: vi.fn() });
mockExports(memberAuth, { getMemberInfo: vi.fn() });

const service = vi.mocked(kycService);

function useBackend(backend: KycBackend) {
  service.getKycStatus.mockImplementation(backend.getKycStatus);
  service.getKycForm.mockImplementation(backend.getKycForm);
  service.modifyLevelOne.mockImplementation(backend.modifyLevelOne);
  service.modifyLevelTwo.mockImplementation(backend.modifyLevelTwo);
  service.verifyLevelThree.mockImplementation(backend.verifyLevelThree);
  service.applyBusinessVerify.mockImplementation(backend.applyBusinessVerify);
  service.uploadImage.mockImplementation(backend.uploadImage);
  service.kycImageUrl.mockImplementation(backend.kycImageUrl);
  return backend;
}

/** Filling the whole form with user-event takes seconds on a busy machine. */
const LONG = 20_000;

const stateOf = async () => (await screen.findByTestId('kyc-state')).dataset.state;
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(member.getDocIssuePlace).mockResolvedValue(docIssuePlaces());
  setLoginInfo({ token: 't', expiredTime: Date.now() + 60_000, accountType: 'individual' });
  useProgressBarStore.getState().close();
});

describe('KYC page: loading and errors', () => {
  it('shows a skeleton, then a translated error with a retry that loads the page', async () => {
    const user = userEvent.setup();
    const backend = useBackend(createKycBackend());
    service.getKycStatus.mockRejectedValueOnce(
      new ApiError({ call: 'x', message: 'network_error' }),
    );
    renderKyc(<KycPage />);
    expect(screen.getByTestId('kyc-loading')).toBeTruthy();
    const error = await screen.findByTestId('kyc-error');
    expect(error.textContent).toContain('Network error. Check your connection and try again.');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await stateOf()).toBe('pending');
    expect(backend.getKycStatus).toHaveBeenCalledTimes(1);
  });
});

describe('KYC page: the screen of each state', { timeout: LONG }, () => {
  it('pending: the form, first step', async () => {
    useBackend(createKycBackend());
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('pending');
    expect(screen.getByTestId('kyc-individual-form').dataset.step).toBe('personal');
    expect(screen.getByTestId('kyc-stepper-personal').getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeTruthy();
  });

  it('submitted: says so with the date, and Edit opens the prefilled form until the review starts', async () => {
    const user = userEvent.setup();
    useBackend(
      createKycBackend({
        status: kycStatus('submitted'),
        personal: savedPersonal,
        documents: savedDocuments,
      }),
    );
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('submitted');
    const card = screen.getByTestId('kyc-submitted');
    expect(card.textContent).toContain('Application submitted');
    expect(card.textContent).toContain('2024/05/01');
    await user.click(screen.getByTestId('kyc-edit'));
    expect(location()).toBe('/kyc?step=personal');
    expect(await screen.findByTestId('kyc-editing')).toBeTruthy();
    expect(field('surname').value).toBe('Wang');
    expect(field('nationalIdNumber').value).toBe('A123456789');
    expect(field('nationality').value).toBe('Taiwan');
    await user.click(screen.getByTestId('kyc-edit-cancel'));
    expect(screen.getByTestId('kyc-submitted')).toBeTruthy();
  });

  it('resubmitted: like submitted; no Edit once the server says it cannot change', async () => {
    useBackend(createKycBackend({ status: kycStatus('resubmitted', { canEdit: false }) }));
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('resubmitted');
    expect(screen.getByTestId('kyc-submitted').textContent).toContain('Application resubmitted');
    expect(screen.queryByTestId('kyc-edit')).toBeNull();
  });

  it('under review: about 3 business days, BCNT withdrawals locked, no editing', async () => {
    useBackend(
      createKycBackend({
        status: kycStatus('under_review', { reviewStartedAt: '2024-05-02T01:00:00.000Z' }),
      }),
    );
    renderKyc(<KycPage />, { route: '/kyc?step=upload' });
    expect(await stateOf()).toBe('under_review');
    const card = screen.getByTestId('kyc-under-review');
    expect(card.textContent).toContain('about 3 business days');
    expect(screen.getByTestId('kyc-withdrawals-locked').textContent).toBe(
      'BCNT withdrawals are locked until the review is finished.',
    );
    expect(card.textContent).toContain('2024/05/02');
    expect(screen.queryByTestId('kyc-edit')).toBeNull();
    expect(screen.queryByTestId('kyc-individual-form')).toBeNull();
  });

  it('verified: level 1, what it unlocks, and a link to the account', async () => {
    useBackend(createKycBackend({ status: kycStatus('verified') }));
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('verified');
    expect(screen.getByTestId('kyc-verified').textContent).toContain('level 1 member');
    expect(screen.getByTestId('kyc-unlocks').querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByTestId('kyc-account-link').getAttribute('href')).toBe('/account');
  });

  it('failed: the note and the way to customer support (contact dialog query)', async () => {
    useBackend(
      createKycBackend({
        status: kycStatus('failed', { reviewNote: 'The documents could not be verified.' }),
      }),
    );
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('failed');
    expect(screen.getByTestId('kyc-failed').textContent).toContain(
      'Identity verification failed, contact customer service.',
    );
    expect(screen.getByTestId('kyc-review-note').textContent).toContain(
      'The documents could not be verified.',
    );
    expect(screen.getByTestId('kyc-contact-support').getAttribute('href')).toBe(
      '/kyc?type=contact-us',
    );
  });

  it('rejected: the note, the marked items highlighted in the prefilled form, then resubmit', async () => {
    const user = userEvent.setup();
    const backend = useBackend(
      createKycBackend({
        status: kycStatus('rejected', {
          rejectedItems: ['surname', 'selfieImage'],
          reviewNote: 'Your surname does not match the ID.',
        }),
        personal: { ...savedPersonal, surname: 'Wong' },
        documents: savedDocuments,
      }),
    );
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('rejected');
    expect(screen.getByTestId('kyc-review-note').textContent).toContain(
      'Your surname does not match the ID.',
    );
    expect(screen.getByTestId('kyc-rejected-items').textContent).toContain('Surname');
    const marked = screen.getByTestId('kyc-rejected-item-surname');
    expect(within(marked).getByTestId('kyc-field-surname')).toBe(field('surname'));
    expect(marked.textContent).toContain('Please correct this item.');
    expect(screen.queryByTestId('kyc-rejected-item-givenName')).toBeNull();
    expect(field('surname').value).toBe('Wong');

    await user.clear(field('surname'));
    await user.type(field('surname'), 'Wang');
    await user.click(screen.getByTestId('kyc-step-next'));
    expect(await screen.findByTestId('kyc-documents-form')).toBeTruthy();
    expect(backend.modifyLevelOne).toHaveBeenCalledWith(
      expect.objectContaining({ surname: 'Wang' }),
    );
    expect(screen.getByTestId('kyc-rejected-item-selfieImage')).toBeTruthy();
    await user.upload(screen.getByTestId('kyc-upload-selfieImage-input'), png('selfie.png'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-upload-selfieImage').dataset.state).toBe('uploaded'),
    );
    await user.click(screen.getByTestId('kyc-step-next'));
    expect(await screen.findByTestId('kyc-review')).toBeTruthy();
    expect(backend.modifyLevelTwo).toHaveBeenCalledWith(
      expect.objectContaining({ selfieImageId: 'upload_00000001', frontImageId: 'front_saved_01' }),
    );
    await user.click(screen.getByTestId('kyc-declaration'));
    await user.click(screen.getByTestId('kyc-resubmit'));
    await waitFor(async () => expect(await stateOf()).toBe('resubmitted'));
    expect(backend.verifyLevelThree).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(location()).toBe('/kyc'));
  });

  it('insufficient: the note, more documents (extraImageIds), the declaration, resubmit', async () => {
    const user = userEvent.setup();
    const backend = useBackend(
      createKycBackend({
        status: kycStatus('insufficient', { reviewNote: 'Please add a utility bill.' }),
        personal: savedPersonal,
        documents: savedDocuments,
      }),
    );
    renderKyc(<KycPage />);
    expect(await stateOf()).toBe('insufficient');
    expect(screen.getByTestId('kyc-review-note').textContent).toContain(
      'Please add a utility bill.',
    );
    await user.click(screen.getByTestId('kyc-resubmit'));
    expect(screen.getByText('Please upload at least one more document.')).toBeTruthy();
    expect(screen.getByText('Please confirm the declaration.')).toBeTruthy();
    expect(backend.modifyLevelTwo).not.toHaveBeenCalled();

    await user.upload(screen.getByTestId('kyc-upload-extra-input'), png('bill.png'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-upload-extra').dataset.state).toBe('uploaded'),
    );
    expect(screen.getByTestId('kyc-upload-extra-2').dataset.state).toBe('empty');
    await user.click(screen.getByTestId('kyc-declaration'));
    await user.click(screen.getByTestId('kyc-resubmit'));
    await waitFor(async () => expect(await stateOf()).toBe('resubmitted'));
    expect(backend.modifyLevelTwo).toHaveBeenCalledWith({
      ...savedDocuments,
      extraImageIds: ['upload_00000001'],
    });
    expect(backend.verifyLevelThree).toHaveBeenCalledTimes(1);
    expect(backend.modifyLevelTwo.mock.invocationCallOrder[0]).toBeLessThan(
      backend.verifyLevelThree.mock.invocationCallOrder[0]!,
    );
  });
});

describe('KYC page: the individual form', { timeout: LONG }, () => {
  it('saves each step, moves on, and submits: values trimmed, (e<n>) stripped, dates YYYY/MM/DD on review', async () => {
    const user = userEvent.setup();
    const backend = useBackend(createKycBackend());
    renderKyc(<KycPage />);
    await stateOf();
    await fillPersonal(user, { surname: '  Wang (e12) ' });
    await user.click(screen.getByTestId('kyc-step-next'));

    expect(await screen.findByTestId('kyc-documents-form')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/kyc?step=upload'));
    expect(backend.modifyLevelOne).toHaveBeenCalledTimes(1);
    expect(backend.modifyLevelOne).toHaveBeenCalledWith({
      idType: 'id_card',
      surname: 'Wang',
      givenName: 'Hsiao-Ming',
      nationalIdNumber: 'A123456789',
      issueDate: '2020-01-02',
      issueType: 'initial',
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
    });

    // documents: all four required (the back too, for an ID card)
    await user.click(screen.getByTestId('kyc-step-next'));
    expect(within(screen.getByTestId('kyc-upload-backImage')).getByRole('alert').textContent).toBe(
      'Please upload this document.',
    );
    expect(backend.modifyLevelTwo).not.toHaveBeenCalled();
    expect(screen.getByTestId('kyc-selfie-note').textContent).toContain('“BCNT”, today’s date (');
    for (const name of ['frontImage', 'backImage', 'selfieImage', 'secondIdImage']) {
      await user.upload(screen.getByTestId(`kyc-upload-${name}-input`), png(`${name}.png`));
    }
    await waitFor(() =>
      expect(screen.getByTestId('kyc-upload-secondIdImage').dataset.state).toBe('uploaded'),
    );
    await user.click(screen.getByTestId('kyc-step-next'));
    expect(await screen.findByTestId('kyc-review')).toBeTruthy();
    expect(location()).toBe('/kyc?step=review');
    expect(backend.modifyLevelTwo).toHaveBeenCalledWith({
      frontImageId: 'upload_00000001',
      backImageId: 'upload_00000002',
      selfieImageId: 'upload_00000003',
      secondIdImageId: 'upload_00000004',
    });
    expect(screen.getByTestId('kyc-review-issueDate').textContent).toBe('2020/01/02');
    expect(screen.getByTestId('kyc-review-nationality').textContent).toBe('Taiwan');
    expect(screen.getByTestId('kyc-review-idType').textContent).toBe('ID card');

    // the declaration is required
    await user.click(screen.getByTestId('kyc-submit'));
    expect(screen.getByText('Please confirm the declaration.')).toBeTruthy();
    expect(backend.verifyLevelThree).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('kyc-declaration'));
    await user.click(screen.getByTestId('kyc-submit'));
    await waitFor(async () => expect(await stateOf()).toBe('submitted'));
    expect(backend.verifyLevelThree).toHaveBeenCalledTimes(1);
    expect(useProgressBarStore.getState().message?.text).toBe(
      'Your identity verification has been submitted.',
    );
  });

  it('shows a server field error on that field', async () => {
    const user = userEvent.setup();
    const backend = useBackend(createKycBackend());
    backend.modifyLevelOne.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        httpStatus: 400,
        status: 400,
        message: 'validation_failed',
        data: {
          field: 'nationalIdNumber',
          issues: [{ field: 'nationalIdNumber', message: 'Incorrect ID No. format' }],
        },
      }),
    );
    renderKyc(<KycPage />);
    await stateOf();
    await fillPersonal(user);
    await user.click(screen.getByTestId('kyc-step-next'));
    await waitFor(() => expect(errorOf(field('nationalIdNumber'))).toBe('Incorrect ID No. format'));
    expect(document.activeElement).toBe(field('nationalIdNumber'));
    expect(screen.getByTestId('kyc-individual-form').dataset.step).toBe('personal');
    expect(screen.queryByTestId('kyc-form-error')).toBeNull();
  });

  it('a refusal that names no field is shown above the button', async () => {
    const user = userEvent.setup();
    const backend = useBackend(createKycBackend());
    backend.modifyLevelOne.mockRejectedValueOnce(
      new ApiError({ call: 'x', httpStatus: 409, status: 409, message: 'kyc_locked' }),
    );
    renderKyc(<KycPage />);
    await stateOf();
    await fillPersonal(user);
    await user.click(screen.getByTestId('kyc-step-next'));
    expect((await screen.findByTestId('kyc-form-error')).textContent).toBe(
      'Your application cannot be changed now: it is under review or already decided.',
    );
  });

  it('Taiwan ID: "Incorrect ID No. format" for the ID card or a TW nationality', async () => {
    const user = userEvent.setup();
    useBackend(createKycBackend());
    renderKyc(<KycPage />);
    await stateOf();
    await user.selectOptions(field('idType'), 'passport');
    expect(screen.queryByTestId('kyc-field-nationalIdNumber')).toBeNull();
    expect(field('passportNumber')).toBeTruthy();
    // the issuing places of Taiwan ID cards are a list; other documents name their authority
    expect(field('issuePlace').tagName).toBe('INPUT');
    // a TW national asks for the ID number even with a passport
    await user.type(field('nationality'), 'taiwan');
    await user.keyboard('{Enter}');
    await user.type(field('nationalIdNumber'), 'A123456788');
    await user.tab();
    expect(errorOf(field('nationalIdNumber'))).toBe('Incorrect ID No. format');
    await user.clear(field('nationalIdNumber'));
    await user.type(field('nationalIdNumber'), 'A123456789');
    await user.tab();
    expect(errorOf(field('nationalIdNumber'))).toBeUndefined();

    await user.selectOptions(field('idType'), 'id_card');
    expect(field('issuePlace').tagName).toBe('SELECT');

    // the NHI card has no expiration date
    await user.selectOptions(field('idType'), 'nhi_card');
    expect(screen.queryByTestId('kyc-field-expirationDate')).toBeNull();
  });

  it('checks dates: issuance not in the future, expiration after today', async () => {
    const user = userEvent.setup();
    useBackend(createKycBackend());
    renderKyc(<KycPage />);
    await stateOf();
    await user.selectOptions(field('idType'), 'driver_licence');
    await user.type(field('issueDate'), '29990101');
    await user.type(field('expirationDate'), '20000101');
    await user.click(screen.getByTestId('kyc-step-next'));
    expect(errorOf(field('issueDate'))).toBe('This date cannot be in the future.');
    expect(errorOf(field('expirationDate'))).toBe(
      'The document has expired: the expiration date must be after today.',
    );
    expect(errorOf(field('surname'))).toBe('This field is required.');
  });

  it('?step=upload opens the upload step when the personal part is saved', async () => {
    useBackend(createKycBackend({ personal: savedPersonal }));
    renderKyc(<KycPage />, { route: '/kyc?step=upload' });
    expect(await screen.findByTestId('kyc-documents-form')).toBeTruthy();
    expect(screen.getByTestId('kyc-stepper-personal').dataset.state).toBe('done');
    expect(screen.queryByTestId('kyc-personal-first')).toBeNull();
  });

  it('a passport needs no back side', async () => {
    useBackend(
      createKycBackend({
        personal: { ...savedPersonal, idType: 'passport', passportNumber: 'P1234567' },
      }),
    );
    renderKyc(<KycPage />, { route: '/kyc?step=upload' });
    expect(await screen.findByTestId('kyc-upload-frontImage')).toBeTruthy();
    expect(screen.queryByTestId('kyc-upload-backImage')).toBeNull();
    expect(screen.getByTestId('kyc-upload-secondIdImage')).toBeTruthy();
  });

  it('?step=upload before the personal part is saved opens step 1 with a note', async () => {
    useBackend(createKycBackend());
    renderKyc(<KycPage />, { route: '/kyc?step=upload' });
    expect(await screen.findByTestId('kyc-personal-first')).toBeTruthy();
    expect(screen.getByTestId('kyc-individual-form').dataset.step).toBe('personal');
  });

  it('a reload continues where the member was: the furthest saved step, saved values shown', async () => {
    useBackend(createKycBackend({ personal: savedPersonal, documents: savedDocuments }));
    renderKyc(<KycPage />);
    expect(await screen.findByTestId('kyc-review')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByTestId('kyc-review-frontImage').querySelector('img')?.getAttribute('src'),
      ).toBe('blob:server-front_saved_01'),
    );
    expect(screen.getByTestId('kyc-review-surname').textContent).toBe('Wang');
  });
});

describe('KYC page: institutional accounts', { timeout: LONG }, () => {
  it('get the business form, submitted with applyBusinessVerify', async () => {
    const user = userEvent.setup();
    setLoginInfo({ token: 't', expiredTime: Date.now() + 60_000 });
    vi.mocked(memberAuth.getMemberInfo).mockResolvedValue({
      accountType: 'institutional',
    } as never);
    const backend = useBackend(createKycBackend());
    renderKyc(<KycPage />);
    expect(await screen.findByTestId('kyc-business-form')).toBeTruthy();
    expect(screen.getByTestId('kyc-state').dataset.kind).toBe('institutional');

    await user.type(field('companyName'), 'BCNT Ltd (e3)');
    await user.type(field('registrationNumber'), '12345678');
    await user.type(field('countryOfIncorporation'), 'sing');
    await user.keyboard('{Enter}');
    await user.type(field('registeredAddress'), '1 Raffles Place');
    await user.type(field('representativeName'), 'Tan');
    await user.type(field('representativeTitle'), 'Director');
    await user.click(screen.getByTestId('kyc-submit'));
    expect(
      within(screen.getByTestId('kyc-upload-proofOfAddressImage')).getByRole('alert').textContent,
    ).toBe('Please upload this document.');
    expect(screen.getByText('Please confirm the declaration.')).toBeTruthy();

    const documents = [
      'certificateOfIncorporationImage',
      'registerOfDirectorsImage',
      'shareholderRegisterImage',
      'representativeIdFrontImage',
      'representativeIdBackImage',
      'proofOfAddressImage',
    ];
    for (const name of documents) {
      await user.upload(screen.getByTestId(`kyc-upload-${name}-input`), png(`${name}.png`));
    }
    await waitFor(() =>
      expect(screen.getByTestId('kyc-upload-proofOfAddressImage').dataset.state).toBe('uploaded'),
    );
    await user.click(screen.getByTestId('kyc-declaration'));
    await user.click(screen.getByTestId('kyc-submit'));
    await waitFor(async () => expect(await stateOf()).toBe('submitted'));
    expect(backend.applyBusinessVerify).toHaveBeenCalledWith({
      companyName: 'BCNT Ltd',
      registrationNumber: '12345678',
      countryOfIncorporation: 'SG',
      registeredAddress: '1 Raffles Place',
      representativeName: 'Tan',
      representativeTitle: 'Director',
      documents: {
        certificateOfIncorporationImageId: 'upload_00000001',
        registerOfDirectorsImageId: 'upload_00000002',
        shareholderRegisterImageId: 'upload_00000003',
        representativeIdFrontImageId: 'upload_00000004',
        representativeIdBackImageId: 'upload_00000005',
        proofOfAddressImageId: 'upload_00000006',
      },
      declaration: true,
    });
  });
});

describe('KYC page: languages', () => {
  it('shows the states in Traditional and Simplified Chinese', async () => {
    useBackend(createKycBackend({ status: kycStatus('under_review') }));
    const first = renderKyc(<KycPage />, { lng: 'zh-TW' });
    expect(await stateOf()).toBe('under_review');
    expect(screen.getByTestId('kyc-withdrawals-locked').textContent).toBe(
      '審核完成前，BCNT 提領功能將暫時鎖定。',
    );
    first.unmount();
    renderKyc(<KycPage />, { lng: 'zh-CN' });
    expect(await stateOf()).toBe('under_review');
    expect(screen.getByTestId('kyc-withdrawals-locked').textContent).toBe(
      '审核完成前，BCNT 提现功能将暂时锁定。',
    );
  });
});
