import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhrUpload } from './xhr-upload';

/** A scripted XMLHttpRequest: records what was sent; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-request-id: 7\r\n';
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

describe('xhrUpload', () => {
  it('sends method, headers and body; reports progress; resolves a Response', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: [number, number][] = [];
    const body = new FormData();
    const pending = xhrUpload(
      'http://api/member/uploadImage',
      { method: 'POST', headers: { Authorization: 'Bearer tok' }, body },
      (loaded, total) => progress.push([loaded, total]),
    );
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual([
      'POST',
      'http://api/member/uploadImage',
      { Authorization: 'Bearer tok' },
      body,
    ]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 40 } as ProgressEvent);
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 20, total: 0 } as ProgressEvent);
    xhr.answer(413, '{"status":413,"message":"File size exceeds %sMB","data":null}');
    const response = await pending;
    expect(progress).toEqual([[10, 40]]);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ message: 'File size exceeds %sMB' });
  });

  it('rejects on a network failure and on abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = xhrUpload('u', { method: 'POST' }, () => {});
    FakeXhr.last!.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = xhrUpload('u', { method: 'POST', signal: controller.signal }, () => {});
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
