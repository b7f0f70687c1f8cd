/**
 * The earn dashboard's access pass (spec section 2, navigation rules: "The earn dashboard
 * redirects to Landing unless an access-code query or a stored code equals a fixed pass value").
 *
 * Decision (README "Access pass"): the pass is the operator's switch for a closed period (a
 * soft launch, a partner preview). It is configuration, EARN_ACCESS_PASS_SHA256 at build time,
 * and only its SHA-256 is in the bundle, so reading the JavaScript does not give the pass away.
 * Unset, the dashboard is public. Set, `/earn?access=<pass>` opens it and remembers the pass in
 * localStorage (`earnAccessCode`); later visits need no query; a stored code that no longer
 * matches (the operator changed the pass) is forgotten. It is a door sign, not a lock: product
 * pages stay public and the server serves the catalog to anyone.
 */

/** The query that carries the pass: `/earn?access=...`. */
export const ACCESS_QUERY = 'access';

/** Lower-case hex SHA-256 of a text (UTF-8); null where Web Crypto is missing (no HTTPS). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function matches(code: string | null, passHash: string): Promise<boolean> {
  if (code === null || code === '') return false;
  return (await sha256Hex(code)) === passHash;
}

export type AccessDecision =
  /** no pass is configured: the dashboard is public */
  | { access: 'open' }
  /** the query or the stored code is the pass; `remember` is the code to store (from the query) */
  | { access: 'granted'; remember: string | null }
  /** neither is: to Landing; `forget` when a stored code is no longer the pass */
  | { access: 'denied'; forget: boolean };

/**
 * The rule. The query is tried first (a new pass replaces an old one); a wrong query does not
 * take away a stored pass that still matches.
 */
export async function decideAccess({
  passHash,
  queryCode,
  storedCode,
}: {
  passHash: string | undefined;
  queryCode: string | null;
  storedCode: string | null;
}): Promise<AccessDecision> {
  if (!passHash) return { access: 'open' };
  if (await matches(queryCode, passHash)) {
    return { access: 'granted', remember: queryCode === storedCode ? null : queryCode };
  }
  if (await matches(storedCode, passHash)) return { access: 'granted', remember: null };
  return { access: 'denied', forget: storedCode !== null };
}
