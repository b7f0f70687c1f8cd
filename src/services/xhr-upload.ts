/**
 * A fetch-shaped transport on XMLHttpRequest, for uploads that report their progress (fetch has
 * no upload progress events). `http-client.ts` uses it for calls with `onUploadProgress`, so an
 * upload keeps the client's token, refresh and replay handling.
 */

export type UploadProgress = (loaded: number, total: number) => void;

export type UploadTransport = (
  url: string,
  init: RequestInit,
  onProgress: UploadProgress,
) => Promise<Response>;

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index <= 0) continue;
    try {
      headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
    } catch {
      // a header name the Headers class refuses: not needed by the client
    }
  }
  return headers;
}

/** Sends `init` with XMLHttpRequest; resolves like fetch (any HTTP status), rejects on network failure. */
export const xhrUpload: UploadTransport = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      xhr.setRequestHeader(name, value);
    }
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      // a Response cannot carry status 0 or 1xx; such an answer is a transport failure
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    const signal = init.signal;
    const abort = () => {
      xhr.abort();
      reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    };
    if (signal) {
      if (signal.aborted) {
        abort();
        return;
      }
      signal.addEventListener('abort', abort, { once: true });
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
