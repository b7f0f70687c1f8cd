const CODE = /^[A-Z0-9]{6,12}$/;

/** A partner code from a link (`?code=` or `?refer=`), upper-cased, when it has the code's shape. */
export function codeFromQuery(query: URLSearchParams): string {
  const raw = (query.get('code') ?? query.get('refer') ?? '').trim().toUpperCase();
  return CODE.test(raw) ? raw : '';
}
