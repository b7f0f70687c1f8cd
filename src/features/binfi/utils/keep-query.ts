/**
 * Spec section 2, navigation rules: "Moving between BinFi pages without a query keeps the
 * previous query." The last non-empty query of a BinFi page is remembered for the session (in
 * memory: a reload starts afresh, as the spec's client did); a BinFi page entered without a
 * query takes it, one entered with a query makes it the new one.
 */
let remembered = '';

/**
 * The query a BinFi page should show: `null` keeps the address as it is, a string replaces
 * its query. Also remembers a non-empty query.
 */
export function keptQuery(search: string): string | null {
  const current = search.startsWith('?') ? search.slice(1) : search;
  if (current !== '') {
    remembered = current;
    return null;
  }
  return remembered === '' ? null : `?${remembered}`;
}

/** Tests only: forget the remembered query. */
export function forgetKeptQuery(): void {
  remembered = '';
}
