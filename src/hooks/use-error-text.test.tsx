import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../components/testing/render';
import { ApiError } from '../services/http-client';
import { useErrorText } from './use-error-text';

function Said({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <p data-testid="said">{errorText(error)}</p>;
}

const delayed = (data: unknown) =>
  new ApiError({
    message: 'login_delayed',
    call: 'POST /member/set2FASettings',
    httpStatus: 429,
    data,
  });

describe('useErrorText', () => {
  it('too many wrong codes: until when, from the server retryAt (rounded up to the minute, UTC+8)', () => {
    renderWithProviders(<Said error={delayed({ retryAt: '2026-11-26T02:30:20.000Z' })} />);
    expect(screen.getByTestId('said').textContent).toBe(
      'Too many failed attempts. Try again at 2026/11/26 10:31 (UTC+8).',
    );
  });

  it('without a retryAt, the plain refusal', () => {
    renderWithProviders(<Said error={delayed(null)} />);
    expect(screen.getByTestId('said').textContent).toBe(
      'Too many failed attempts. Please wait before you try again.',
    );
  });

  it('in Traditional Chinese', () => {
    renderWithProviders(<Said error={delayed({ retryAt: '2026-11-26T02:30:00.000Z' })} />, {
      lng: 'zh-TW',
    });
    expect(screen.getByTestId('said').textContent).toBe(
      '失敗次數過多，請於 2026/11/26 10:30（UTC+8）後再試。',
    );
  });
});
