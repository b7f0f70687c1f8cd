import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as kyc from '../../../services/kyc';
import * as premierService from '../../../services/premier';
import { UPLOAD_MAX_BYTES, type PremierState } from '../../../shared/api/kyc';
import { deferred, kycStatus, renderAccount } from '../test-utils';
import { PremierCard } from './premier-card';

mockExports(kyc, { getKycStatus: vi.fn(), uploadImage: vi.fn() });
mockExports(premierService, {
  applyForPremierMember: vi.fn(),
  applyForKYC2: vi.fn(),
});

const kycMock = vi.mocked(kyc.getKycStatus);
const uploadMock = vi.mocked(kyc.uploadImage);
const applyMock = vi.mocked(premierService.applyForPremierMember);
const submitMock = vi.mocked(premierService.applyForKYC2);

function premier(
  state: PremierState | null,
  dates: { appliedAt?: string | null; decidedAt?: string | null } = {},
) {
  return kycStatus({
    premier: { state, appliedAt: dates.appliedAt ?? null, decidedAt: dates.decidedAt ?? null },
  });
}

const image = {
  imageId: 'img_proof_0123456789',
  contentType: 'image/png',
  size: 1024,
  url: '/member/ico/kyc/image/img_proof_0123456789',
};
const png = (name = 'statement.png', size = 1024) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  vi.clearAllMocks();
  kycMock.mockResolvedValue(premier(null));
  uploadMock.mockResolvedValue(image);
});

const card = () => screen.getByTestId('account-premier');
async function renderCard(state: PremierState | null, dates = {}) {
  kycMock.mockResolvedValue(premier(state, dates));
  const result = renderAccount(<PremierCard />);
  const expected = state ?? 'none';
  await waitFor(() => expect(card().getAttribute('data-state')).toBe(expected));
  return result;
}

describe('PremierCard states', () => {
  it('not applied: explains premier membership and offers Apply', async () => {
    await renderCard(null);
    expect(card().textContent).toContain('Not applied');
    expect(card().textContent).toContain('Premier members can subscribe to premium products');
    expect(screen.getByTestId('premier-apply').textContent).toBe('Apply for premier membership');
  });

  it('Apply calls applyForPremierMember once and shows the new state', async () => {
    const user = userEvent.setup();
    await renderCard(null);
    const answer = deferred<{ state: PremierState }>();
    applyMock.mockReturnValue(answer.promise);
    const apply = screen.getByTestId('premier-apply');
    await user.click(apply);
    expect(apply.getAttribute('aria-busy')).toBe('true');
    await user.click(apply);
    expect(applyMock).toHaveBeenCalledTimes(1);
    kycMock.mockResolvedValue(premier('pending_id_verification'));
    answer.resolve({ state: 'pending_id_verification' });
    await waitFor(() => expect(card().getAttribute('data-state')).toBe('pending_id_verification'));
    expect(kycMock).toHaveBeenCalledTimes(2);
  });

  it('a refused application shows the translated reason and stays', async () => {
    const user = userEvent.setup();
    await renderCard(null);
    applyMock.mockRejectedValue(new ApiError({ call: 'x', status: 400, message: 'premier_state' }));
    await user.click(screen.getByTestId('premier-apply'));
    expect((await screen.findByTestId('premier-apply-error')).textContent).toBe(
      'Your premier application cannot take this step now. Reload the page to see its current state.',
    );
    expect(card().getAttribute('data-state')).toBe('none');
  });

  it('pending identity verification: complete it first, with the link to /kyc', async () => {
    await renderCard('pending_id_verification');
    expect(card().textContent).toContain('Complete identity verification first.');
    expect(screen.getByTestId('premier-kyc-link').getAttribute('href')).toBe('/kyc');
    expect(screen.queryByTestId('premier-apply')).toBeNull();
  });

  it('under review: about 1 to 2 business days', async () => {
    await renderCard('under_review', { appliedAt: '2024-05-03T02:00:00.000Z' });
    expect(card().textContent).toContain(
      'Your application of 2024/05/03 is under review. This takes about 1 to 2 business days.',
    );
    expect(screen.queryByTestId('premier-form')).toBeNull();
  });

  it('rejected: ID verification failed, contact customer service', async () => {
    await renderCard('rejected');
    expect(card().textContent).toContain('ID verification failed, contact customer service.');
    expect(screen.getByTestId('premier-contact').getAttribute('href')).toBe(
      '/account?type=contact-us',
    );
  });

  it('approved: premier member and the products it unlocks', async () => {
    await renderCard('approved', { decidedAt: '2024-05-06T02:00:00.000Z' });
    expect(card().textContent).toContain('Premier member');
    expect(card().textContent).toContain('You are a premier member since 2024/05/06.');
    const products = within(screen.getByTestId('premier-products'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(products).toEqual([
      'Premium products: Stable Income and Mixed Quant',
      'BinFi, including its private placement products',
    ]);
  });

  it('a failed status load shows the error with retry', async () => {
    const user = userEvent.setup();
    kycMock.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    renderAccount(<PremierCard />);
    const error = await screen.findByTestId('account-premier-error');
    expect(card().getAttribute('data-state')).toBe('error');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card().getAttribute('data-state')).toBe('none'));
  });

  it('speaks Traditional Chinese', async () => {
    kycMock.mockResolvedValue(premier('rejected'));
    renderAccount(<PremierCard />, { lng: 'zh-TW' });
    await waitFor(() => expect(card().getAttribute('data-state')).toBe('rejected'));
    expect(card().textContent).toContain('身分驗證失敗，請聯繫客服。');
  });
});

describe('the premier application form (email_sent)', () => {
  it('shows the form: assets, proof of assets, declaration', async () => {
    await renderCard('email_sent');
    const assets = screen.getByTestId('premier-assets') as HTMLSelectElement;
    expect([...assets.options].map((option) => option.textContent)).toEqual([
      'Select a range',
      'Under TWD 3 million',
      'TWD 3 million to 30 million',
      'Over TWD 30 million',
    ]);
    expect(screen.getByLabelText(/^Investable assets/)).toBe(assets);
    expect(screen.getByRole('group', { name: /^Proof of assets/ })).toBe(
      screen.getByTestId('premier-proof'),
    );
    expect(screen.getByTestId('premier-proof-input').getAttribute('type')).toBe('file');
    expect(screen.getByTestId('premier-declaration')).toBeTruthy();
  });

  it('refuses an empty form with one message per field and sends nothing', async () => {
    const user = userEvent.setup();
    await renderCard('email_sent');
    await user.click(screen.getByTestId('premier-submit'));
    const form = screen.getByTestId('premier-form');
    await waitFor(() => expect(form.textContent).toContain('Select your investable assets.'));
    expect(form.textContent).toContain('Upload a proof of your assets.');
    expect(form.textContent).toContain('Please confirm the professional investor declaration.');
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not jpg/jpeg/png, or too large, without uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderCard('email_sent');
    const input = screen.getByTestId('premier-proof-input');
    const proof = screen.getByTestId('premier-proof');
    await user.upload(input, new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }));
    expect(within(proof).getByRole('alert').textContent).toBe(
      'Only jpg, jpeg and png files are accepted.',
    );
    await user.upload(input, png('big.png', UPLOAD_MAX_BYTES + 1));
    expect(within(proof).getByRole('alert').textContent).toBe('File size exceeds 5MB');
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('a refused upload shows its translated reason', async () => {
    const user = userEvent.setup();
    uploadMock.mockRejectedValue(
      new ApiError({ call: 'x', status: 400, message: 'kyc_file_type' }),
    );
    await renderCard('email_sent');
    await user.upload(screen.getByTestId('premier-proof-input'), png());
    const proof = screen.getByTestId('premier-proof');
    await waitFor(() => expect(proof.getAttribute('data-state')).toBe('failed'));
    expect(within(proof).getByRole('alert').textContent).toBe(
      'Only jpg, jpeg and png files are accepted.',
    );
  });

  it('uploads the proof, then sends the application and shows the review state', async () => {
    const user = userEvent.setup();
    await renderCard('email_sent');
    const upload = deferred<typeof image>();
    uploadMock.mockReturnValue(upload.promise);
    submitMock.mockResolvedValue({ state: 'under_review' });

    await user.selectOptions(screen.getByTestId('premier-assets'), '3m_to_30m');
    const file = png();
    await user.upload(screen.getByTestId('premier-proof-input'), file);
    expect(uploadMock).toHaveBeenCalledWith(file, expect.any(Function));
    const proof = screen.getByTestId('premier-proof');
    expect(proof.getAttribute('data-state')).toBe('uploading');
    expect((screen.getByTestId('premier-submit') as HTMLButtonElement).disabled).toBe(true);
    upload.resolve(image);
    await waitFor(() => expect(proof.getAttribute('data-state')).toBe('uploaded'));
    expect(proof.textContent).toContain('statement.png');
    await user.click(screen.getByTestId('premier-declaration'));

    kycMock.mockResolvedValue(premier('under_review'));
    await user.click(screen.getByTestId('premier-submit'));
    await waitFor(() => expect(card().getAttribute('data-state')).toBe('under_review'));
    expect(submitMock).toHaveBeenCalledTimes(1);
    expect(submitMock).toHaveBeenCalledWith({
      investableAssets: '3m_to_30m',
      assetProofImageId: image.imageId,
      professionalInvestor: true,
    });
  });

  it('without the declaration nothing is sent', async () => {
    const user = userEvent.setup();
    await renderCard('email_sent');
    await user.selectOptions(screen.getByTestId('premier-assets'), 'gt_30m');
    await user.upload(screen.getByTestId('premier-proof-input'), png());
    await waitFor(() =>
      expect(screen.getByTestId('premier-proof').getAttribute('data-state')).toBe('uploaded'),
    );
    await user.click(screen.getByTestId('premier-submit'));
    expect((await screen.findByTestId('premier-declaration-error')).textContent).toBe(
      'Please confirm the professional investor declaration.',
    );
    expect(screen.getByTestId('premier-form').textContent).not.toContain(
      'Upload a proof of your assets.',
    );
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('a refused submission shows the reason and keeps the form', async () => {
    const user = userEvent.setup();
    await renderCard('email_sent');
    submitMock.mockRejectedValue(
      new ApiError({ call: 'x', status: 400, message: 'kyc_unknown_image' }),
    );
    await user.selectOptions(screen.getByTestId('premier-assets'), 'lt_3m');
    await user.upload(screen.getByTestId('premier-proof-input'), png());
    await waitFor(() =>
      expect(screen.getByTestId('premier-proof').getAttribute('data-state')).toBe('uploaded'),
    );
    await user.click(screen.getByTestId('premier-declaration'));
    await user.click(screen.getByTestId('premier-submit'));
    expect((await screen.findByTestId('premier-submit-error')).textContent).toBe(
      'The uploaded file was not found. Please upload it again.',
    );
    expect(card().getAttribute('data-state')).toBe('email_sent');
  });
});
