import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as walletConvert from '../../../services/wallet-convert';
import type { Conversion } from '../../../shared/api/wallet-convert';
import { renderConvert } from '../test-utils';
import { ConvertHistory } from './convert-history';

mockExports(walletConvert, { getConvertHistory: vi.fn() });
const historyMock = vi.mocked(walletConvert.getConvertHistory);

function conversion(id: number, overrides: Partial<Conversion> = {}): Conversion {
  return {
    id,
    from: 'USDT',
    to: 'BCNT',
    fromAmount: '100',
    toAmount: '200',
    price: '0.5',
    createdAt: '2025-03-01T04:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('ConvertHistory', () => {
  it('lists the conversions with direction, amounts and price, labelled for phones', async () => {
    historyMock.mockResolvedValue({
      items: [conversion(2, { from: 'BCNT', to: 'USDT', fromAmount: '1000', toAmount: '499.5' })],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    renderConvert(<ConvertHistory />);
    const [row] = await screen.findAllByTestId('convert-row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Date',
      'Direction',
      'Paid',
      'Received',
      'Price',
    ]);
    expect(cells[0]!.textContent).toBe('2025/03/01');
    expect(cells[2]!.textContent).toContain('1,000');
    expect(cells[3]!.textContent).toContain('499.5');
    expect(screen.queryByTestId('convert-history-next')).toBeNull();
  });

  it('pages through the history', async () => {
    historyMock.mockImplementation(async ({ page }) => ({
      items: [conversion(page)],
      total: 15,
      page,
      pageSize: 10,
    }));
    const user = userEvent.setup();
    renderConvert(<ConvertHistory />);
    await screen.findAllByTestId('convert-row');
    await user.click(screen.getByTestId('convert-history-next'));
    await waitFor(() =>
      expect(historyMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })),
    );
  });

  it('says what to do when there is nothing yet, and offers a retry when loading fails', async () => {
    historyMock.mockResolvedValueOnce({ items: [], total: 0, page: 1, pageSize: 10 });
    const { unmount } = renderConvert(<ConvertHistory />);
    expect(await screen.findByTestId('convert-history-empty')).toBeTruthy();
    unmount();
    historyMock.mockRejectedValueOnce(new Error('down'));
    renderConvert(<ConvertHistory />);
    await waitFor(() =>
      expect(screen.getByTestId('convert-history').getAttribute('data-state')).toBe('error'),
    );
    expect(screen.getByText('The conversion history could not be loaded.')).toBeTruthy();
  });
});
