import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkImageFile, FileDrop } from './file-drop';
import { renderWithProviders } from './testing/render';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const MB = 1024 * 1024;
const png = (name = 'front.png', size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:local-${created.length + 1}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
});
afterEach(() => {
  // @ts-expect-error jsdom has none of its own
  delete URL.createObjectURL;
  // @ts-expect-error jsdom has none of its own
  delete URL.revokeObjectURL;
});

const drop = () => screen.getByTestId('drop');
const fileInput = () => screen.getByTestId('drop-input') as HTMLInputElement;

describe('FileDrop', () => {
  it('refuses a .pdf and an oversized file with the translated messages, and uploads nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onUpload = vi.fn(async () => {});
    renderWithProviders(<FileDrop label="Front" onUpload={onUpload} data-testid="drop" />);
    expect(fileInput().accept).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');

    await user.upload(fileInput(), new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Only jpg, jpeg and png files are accepted.',
    );
    expect(drop().dataset.state).toBe('failed');

    await user.upload(fileInput(), png('big.png', 5 * MB + 1));
    expect(screen.getByRole('alert').textContent).toBe('File size exceeds 5MB');

    // a PNG renamed .pdf and a PDF renamed .png are both refused
    expect(checkImageFile(new File(['x'], 'a.pdf', { type: 'image/png' }), 5)).toBe('type');
    expect(checkImageFile(new File(['x'], 'a.png', { type: 'application/pdf' }), 5)).toBe('type');
    expect(checkImageFile(new File(['x'], 'a.JPEG', { type: 'image/jpeg' }), 5)).toBeNull();
    expect(checkImageFile(new File(['x'], 'a.jpg', { type: '' }), 5)).toBeNull();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('the size limit follows maxSizeMb in the message', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <FileDrop label="Front" maxSizeMb={2} onUpload={vi.fn()} data-testid="drop" />,
    );
    await user.upload(fileInput(), png('big.png', 2 * MB + 1));
    expect(screen.getByRole('alert').textContent).toBe('File size exceeds 2MB');
  });

  it('uploads a picked photo with progress, then shows its preview with Replace and Remove', async () => {
    const user = userEvent.setup();
    const reply = deferred();
    let report: (fraction: number) => void = () => {};
    const onUpload = vi.fn((_file: File, onProgress: (fraction: number) => void) => {
      report = onProgress;
      return reply.promise;
    });
    const onRemove = vi.fn();
    renderWithProviders(
      <FileDrop label="Front" onUpload={onUpload} onRemove={onRemove} data-testid="drop" />,
    );
    expect(drop().dataset.state).toBe('empty');
    await user.upload(fileInput(), png());
    expect(onUpload).toHaveBeenCalledWith(expect.any(File), expect.any(Function));
    expect(drop().dataset.state).toBe('uploading');
    report(0.42);
    await waitFor(() =>
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42'),
    );
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect((screen.getByTestId('drop-replace') as HTMLButtonElement).disabled).toBe(true);
    reply.resolve();
    await waitFor(() => expect(drop().dataset.state).toBe('uploaded'));
    expect(screen.getByRole('img', { name: 'Preview of front.png' }).getAttribute('src')).toBe(
      'blob:local-1',
    );

    await user.click(screen.getByTestId('drop-remove'));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(drop().dataset.state).toBe('empty');
    expect(revoked).toContain('blob:local-1');
  });

  it('a failed upload shows the caller’s message (or its own) and can be tried again', async () => {
    const user = userEvent.setup();
    const onUpload = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(undefined);
    const { rerender } = renderWithProviders(
      <FileDrop label="Front" onUpload={onUpload} data-testid="drop" />,
    );
    await user.upload(fileInput(), png());
    await waitFor(() => expect(drop().dataset.state).toBe('failed'));
    expect(screen.getByRole('alert').textContent).toBe('The upload failed. Please try again.');
    rerender(
      <FileDrop label="Front" onUpload={onUpload} error="Server says no" data-testid="drop" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Server says no');
    await user.upload(fileInput(), png());
    await waitFor(() => expect(drop().dataset.state).toBe('uploaded'));
  });

  it('takes a dropped file and shows what the server already holds', async () => {
    const onUpload = vi.fn(async () => {});
    const { rerender } = renderWithProviders(
      <FileDrop
        label="Front"
        stored={{ previewUrl: null, loading: true }}
        onUpload={onUpload}
        data-testid="drop"
      />,
    );
    expect(drop().dataset.state).toBe('uploaded');
    expect(screen.getByRole('img', { name: 'Loading the preview…' })).toBeTruthy();
    rerender(
      <FileDrop
        label="Front"
        stored={{ previewUrl: 'blob:server-1' }}
        onUpload={onUpload}
        data-testid="drop"
      />,
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe('blob:server-1');

    const zone = screen.getByTestId('drop-replace').closest('div[class]')!.parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [png('dropped.png')] } });
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    expect((onUpload.mock.calls[0] as unknown as [File])[0].name).toBe('dropped.png');
  });
});
