import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, type PaginationProps } from './pagination';
import { renderWithProviders } from './testing/render';

function renderPagination(props: Partial<PaginationProps> = {}, lng?: string) {
  const onPageChange = vi.fn();
  renderWithProviders(
    <Pagination
      page={1}
      pageSize={10}
      total={25}
      onPageChange={onPageChange}
      label="Referral record pages"
      testIdPrefix="pages"
      {...props}
    />,
    { lng },
  );
  return onPageChange;
}

const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

describe('Pagination', () => {
  it('is hidden when everything fits on one page', () => {
    renderPagination({ total: 10 });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('first page: "Page 1 of 3", Previous disabled, Next asks for page 2', async () => {
    const user = userEvent.setup();
    const onPageChange = renderPagination();
    expect(screen.getByRole('navigation', { name: 'Referral record pages' })).toBeTruthy();
    expect(screen.getByTestId('pages-page').textContent).toBe('Page 1 of 3');
    expect(button('pages-prev').disabled).toBe(true);
    await user.click(button('pages-next'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('last page: Next disabled, Previous asks for the page before', async () => {
    const user = userEvent.setup();
    const onPageChange = renderPagination({ page: 3 });
    expect(button('pages-next').disabled).toBe(true);
    await user.click(button('pages-prev'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('a page past the end (the list shrank) still offers the way back', () => {
    renderPagination({ page: 2, total: 5 });
    expect(button('pages-prev').disabled).toBe(false);
  });

  it('while a page loads the buttons are busy and ignore presses', async () => {
    const user = userEvent.setup();
    const onPageChange = renderPagination({ page: 2, busy: true });
    expect(button('pages-next').getAttribute('aria-busy')).toBe('true');
    await user.click(button('pages-next'));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('speaks the reader language', () => {
    renderPagination({ page: 2 }, 'zh-CN');
    expect(screen.getByTestId('pages-page').textContent).toBe('第 2 页，共 3 页');
  });
});
