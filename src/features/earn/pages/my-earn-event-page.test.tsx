import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as earn from '../../../services/earn';
import type { EarnEvent } from '../../../shared/api/earn';
import { productDetail, renderEarn, subscription } from '../test-utils';
import MyEarnEventPage from './my-earn-event-page';

mockExports(earn, { getEarnDetail: vi.fn(), getEarnHistory: vi.fn() });
const detailMock = vi.mocked(earn.getEarnDetail);
const historyMock = vi.mocked(earn.getEarnHistory);

const renderAt = (route: string, lng?: string) =>
  renderEarn(<MyEarnEventPage />, { route, path: '/earn/history/:id', lng });
const fact = (id: string) => screen.getByTestId(`portfolio-movement-${id}`).textContent;

function reward(id: number): EarnEvent {
  return {
    id,
    kind: 'reward',
    amount: '0.164383',
    currency: 'USDT',
    day: '2021-09-20',
    level: 1,
    rate: 6,
    term: 1,
    at: '2021-09-20T16:10:00.000Z',
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  detailMock.mockResolvedValue({ product: productDetail(), subscription: subscription() });
  // page 1: events 250..151, page 2: 150..51 (newest first)
  historyMock.mockImplementation(async ({ page = 1, pageSize = 100 }) => ({
    list: Array.from({ length: pageSize }, (_, i) => reward(250 - (page - 1) * pageSize - i)),
    total: 250,
    page,
    pageSize,
  }));
});

describe('MyEarnEventPage (/earn/history/{id}?sn=)', () => {
  it('finds the movement across the pages and shows its day, level, rate and amount', async () => {
    renderAt('/earn/history/120?sn=USDT-034R');
    // the first render of the file loads the page's modules: allow a loaded machine 5 s
    expect(await screen.findByTestId('portfolio-event-card', {}, { timeout: 5_000 })).toBeTruthy();
    expect(historyMock).toHaveBeenCalledTimes(2);
    expect(historyMock).toHaveBeenLastCalledWith({ premiumId: 3, page: 2, pageSize: 100 });
    expect(fact('kind')).toBe('Reward');
    expect(fact('amount')).toBe('+0.16 USDT');
    expect(fact('day')).toBe('2021/09/20 (UTC+8)');
    expect(fact('level')).toBe('Level 1');
    expect(fact('rate')).toBe('6%');
    expect(fact('at')).toBe('2021/09/21 00:10 (UTC+8)');
    expect(screen.getByTestId('portfolio-event-back').getAttribute('href')).toBe(
      '/portfolio/earn/USDT-034R',
    );
  });

  it('stops reading pages once past the id, and says the movement is not there', async () => {
    historyMock.mockImplementation(async ({ page = 1, pageSize = 100 }) => ({
      list: [reward(30), reward(10)],
      total: 2,
      page,
      pageSize,
    }));
    renderAt('/earn/history/20?sn=USDT-034R');
    expect((await screen.findByTestId('portfolio-event-none')).textContent).toContain(
      'This movement could not be found.',
    );
    expect(historyMock).toHaveBeenCalledTimes(1);
  });

  it('needs the serial number of the subscription', () => {
    renderAt('/earn/history/12');
    expect(screen.getByTestId('portfolio-event-none')).toBeTruthy();
    expect(detailMock).not.toHaveBeenCalled();
  });

  it('speaks Traditional Chinese', async () => {
    renderAt('/earn/history/249?sn=USDT-034R', 'zh-TW');
    await screen.findByTestId('portfolio-event-card');
    expect(fact('kind')).toBe('收益');
    expect(fact('level')).toBe('等級 1');
  });
});
