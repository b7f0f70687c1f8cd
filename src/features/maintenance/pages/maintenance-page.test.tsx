import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { MaintenancePage } from './maintenance-page';

describe('MaintenancePage', () => {
  beforeAll(async () => {
    await initI18n('en-US');
  });

  it("says we'll be back soon, without a start time when none is given", () => {
    render(<MaintenancePage />);
    expect(screen.getByRole('heading', { level: 1, name: "We'll be back soon!" })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.queryByTestId('maintenance-start')).toBeNull();
    expect(screen.queryByText(/UTC\+8/)).toBeNull();
  });

  it('shows the start time as YYYY/MM/DD HH:mm in UTC+8', () => {
    render(<MaintenancePage startTime="2022-01-12T09:00:00.000Z" />);
    expect(screen.getByTestId('maintenance-start').textContent).toBe(
      'Maintenance starts: 2022/01/12 17:00 (UTC+8)',
    );
    expect(screen.queryByTestId('maintenance-end')).toBeNull();
  });

  it('shows the expected end when given, and "Check again" runs its handler', async () => {
    const onCheckAgain = vi.fn();
    render(
      <MaintenancePage
        startTime="2022-01-12T17:00:00+08:00"
        endTime="2022-01-12T19:00:00+08:00"
        onCheckAgain={onCheckAgain}
      />,
    );
    expect(screen.getByTestId('maintenance-end').textContent).toBe(
      'Expected to end: 2022/01/12 19:00 (UTC+8)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onCheckAgain).toHaveBeenCalledTimes(1);
  });

  it('is translated (zh-TW)', async () => {
    await initI18n('zh-TW');
    render(<MaintenancePage startTime="2022-01-12T09:00:00Z" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('我們很快就回來！');
    expect(screen.getByTestId('maintenance-start').textContent).toBe(
      '維護開始時間：2022/01/12 17:00（UTC+8）',
    );
    await initI18n('en-US');
  });
});
