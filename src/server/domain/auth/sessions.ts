import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SessionTokens } from '../../../shared/api/auth';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import type { Db } from '../../db/database';
import { sessionFamilies, sessions } from '../../db/schema';
import { AppError } from '../../errors';
import { type ActivityOrigin, logActivity } from './activity';
import { addMs, type AuthDeps, DAY, MINUTE } from './context';
import { hashToken, randomToken } from './crypto';
import { type CachedSession, notifySessionsRevoked } from './session-cache';

/**
 * Sessions: a short-lived access JWT (HS256 only, iss/aud/exp checked, `sub` member id, `sid`
 * refresh-token row) and an opaque refresh token (32 random bytes, stored as SHA-256) that
 * rotates on every refresh. A login starts a family; reusing a rotated refresh token revokes
 * the whole family. Every authenticated request also checks the database, so a revocation is
 * effective at once.
 */
export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'bcnt-platform';
export const JWT_AUDIENCE = 'bcnt-platform:member';
export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
export const REFRESH_IDLE_TTL_MS = 7 * DAY;
export const SESSION_ABSOLUTE_TTL_MS = 30 * DAY;

export type RevokeReason =
  'logout' | 'refresh_reuse' | 'device_revoked' | 'password_changed' | 'password_reset';

/** What `app.authenticate` puts on `request.member`. */
export interface AuthenticatedMember {
  memberId: number;
  sessionId: number;
  familyId: string;
  deviceId: number | null;
  clientId: string;
}

function unauthorized(message: string = ErrorMessage.unauthorized): AppError {
  return new AppError(ErrorCode.unauthorized, message);
}

async function signAccessToken(deps: AuthDeps, memberId: number, sessionId: number, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_MS / 1000;
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setSubject(String(memberId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(deps.keys.jwt);
  return { token, expiredTime: expiresAt * 1000 };
}

async function issueRefreshRow(
  deps: AuthDeps,
  family: { id: string; memberId: number; absoluteExpiresAt: Date },
  parentId: number | null,
  now: Date,
): Promise<SessionTokens & { sessionId: number }> {
  const refreshToken = randomToken();
  const idle = addMs(now, REFRESH_IDLE_TTL_MS);
  const [row] = await deps.db
    .insert(sessions)
    .values({
      familyId: family.id,
      memberId: family.memberId,
      refreshTokenHash: hashToken(refreshToken),
      parentId,
      createdAt: now,
      refreshExpiresAt: idle < family.absoluteExpiresAt ? idle : family.absoluteExpiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  const access = await signAccessToken(deps, family.memberId, row.id, now);
  return { ...access, refreshToken, sessionId: row.id };
}

/** Start a session family (a login) and issue its first tokens. */
export async function startSession(
  deps: AuthDeps,
  input: { memberId: number; deviceRowId: number | null; clientId: string },
): Promise<SessionTokens & { sessionId: number; familyId: string }> {
  const now = deps.clock.now();
  const family = {
    id: randomUUID(),
    memberId: input.memberId,
    absoluteExpiresAt: addMs(now, SESSION_ABSOLUTE_TTL_MS),
  };
  await deps.db.insert(sessionFamilies).values({
    ...family,
    deviceRowId: input.deviceRowId,
    clientId: input.clientId,
    createdAt: now,
  });
  const tokens = await issueRefreshRow(deps, family, null, now);
  return { ...tokens, familyId: family.id };
}

/** Revoke families matching `where` (and their refresh rows); answers how many families ended. */
async function revokeFamilies(
  deps: AuthDeps,
  where: ReturnType<typeof and>,
  reason: RevokeReason,
): Promise<number> {
  const now = deps.clock.now();
  const ended = await deps.db
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(where, isNull(sessionFamilies.revokedAt)))
    .returning({ id: sessionFamilies.id });
  for (const family of ended) {
    await deps.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.familyId, family.id), isNull(sessions.revokedAt)));
  }
  if (ended.length > 0) {
    const ids = ended.map((family) => family.id);
    // this process at once, before the answer; the others by NOTIFY (session-cache.ts)
    deps.sessions?.dropFamilies(ids);
    await notifySessionsRevoked(deps.db, ids);
  }
  return ended.length;
}

export function revokeFamily(deps: AuthDeps, familyId: string, reason: RevokeReason) {
  return revokeFamilies(deps, eq(sessionFamilies.id, familyId), reason);
}

/** logout: the session family of this request ends (every token of that login). */
export async function logout(
  deps: AuthDeps,
  member: Pick<AuthenticatedMember, 'memberId' | 'familyId'>,
  origin: ActivityOrigin,
): Promise<{ loggedOut: true }> {
  await revokeFamily(deps, member.familyId, 'logout');
  await logActivity(deps, { memberId: member.memberId, action: 'logout', ...origin });
  return { loggedOut: true };
}

/** Every session of the member, except the family `keepFamilyId` when given. */
export function revokeMemberSessions(
  deps: AuthDeps,
  memberId: number,
  reason: RevokeReason,
  keepFamilyId?: string,
) {
  return revokeFamilies(
    deps,
    and(
      eq(sessionFamilies.memberId, memberId),
      keepFamilyId ? ne(sessionFamilies.id, keepFamilyId) : undefined,
    ),
    reason,
  );
}

export function revokeDeviceSessions(
  deps: AuthDeps,
  memberId: number,
  deviceRowId: number,
  reason: RevokeReason,
) {
  return revokeFamilies(
    deps,
    and(eq(sessionFamilies.memberId, memberId), eq(sessionFamilies.deviceRowId, deviceRowId)),
    reason,
  );
}

/**
 * Rotate a refresh token. Unknown, expired or revoked: 401. A token that was already rotated
 * (reuse: stolen or replayed) revokes its whole family in this request and logs
 * `refresh_reuse`, then 401.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string,
  ip: string,
): Promise<SessionTokens> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({
      id: sessions.id,
      familyId: sessions.familyId,
      memberId: sessions.memberId,
      refreshExpiresAt: sessions.refreshExpiresAt,
      rotatedAt: sessions.rotatedAt,
      familyRevokedAt: sessionFamilies.revokedAt,
      absoluteExpiresAt: sessionFamilies.absoluteExpiresAt,
      deviceRowId: sessionFamilies.deviceRowId,
    })
    .from(sessions)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, sessions.familyId))
    .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)))
    .limit(1);
  if (!row || row.familyRevokedAt) throw unauthorized();

  const reuse = async () => {
    const revoked = await revokeFamily(deps, row.familyId, 'refresh_reuse');
    if (revoked > 0) {
      await logActivity(deps, {
        memberId: row.memberId,
        action: 'refresh_reuse',
        ip,
        detail: { familyId: row.familyId },
      });
    }
    return unauthorized();
  };
  if (row.rotatedAt) throw await reuse();
  if (row.refreshExpiresAt <= now || row.absoluteExpiresAt <= now) throw unauthorized();

  // The rotation itself is one conditional update: of two concurrent uses, one wins and the
  // other is a reuse.
  const rotated = await deps.db
    .update(sessions)
    .set({ rotatedAt: now })
    .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rotated.length === 0) throw await reuse();

  const tokens = await issueRefreshRow(
    deps,
    { id: row.familyId, memberId: row.memberId, absoluteExpiresAt: row.absoluteExpiresAt },
    row.id,
    now,
  );
  // A revocation that raced the rotation wins: the family is checked once more.
  const [family] = await deps.db
    .select({ revokedAt: sessionFamilies.revokedAt })
    .from(sessionFamilies)
    .where(eq(sessionFamilies.id, row.familyId));
  if (!family || family.revokedAt) throw unauthorized();
  return {
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    expiredTime: tokens.expiredTime,
  };
}

/** What a verified access token says (its signature, issuer, audience checked once). */
interface AccessClaims {
  sub: unknown;
  sid: unknown;
  /** expiry, seconds since the epoch */
  exp: number;
}

/**
 * Tokens this process has verified, by key: a token's signature, issuer and audience do not
 * change, so a repeated token is not verified again; its expiry is checked on every use.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, AccessClaims>>();
const MAX_VERIFIED_TOKENS = 10_000;

class AccessTokenExpired extends Error {}

/** The claims of a valid access token at `now`; throws AccessTokenExpired or another error. */
async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims> {
  let known = verifiedTokens.get(key);
  const cached = known?.get(token);
  if (cached) {
    // jose's rule: expired when exp <= now, in whole seconds
    if (cached.exp <= Math.floor(now.getTime() / 1000)) throw new AccessTokenExpired();
    return cached;
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AccessTokenExpired();
    throw error;
  }
  const claims: AccessClaims = { sub: payload.sub, sid: payload.sid, exp: payload.exp! };
  // a token valid only from a later time (nbf) is verified again each time
  if (payload.nbf === undefined) {
    if (!known) verifiedTokens.set(key, (known = new Map()));
    if (known.size >= MAX_VERIFIED_TOKENS) known.clear();
    known.set(token, claims);
  }
  return claims;
}

/**
 * The member a bearer access token names, when its signature, issuer, audience and expiry hold
 * (no database read: for keying rate limits before the route authenticates). null otherwise;
 * the route's own authentication still decides whether the session is alive.
 */
export async function memberIdOfAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<number | null> {
  try {
    const claims = await verifyAccessToken(key, token, now);
    const memberId = Number(claims.sub);
    return Number.isSafeInteger(memberId) && memberId > 0 ? memberId : null;
  } catch {
    return null;
  }
}

/**
 * Verify an access token and its session. Expired: 401 'Verify token error: jwt expired';
 * anything else wrong (signature, algorithm, issuer, audience, revoked or unknown session):
 * 401 'Please login again.'.
 */
export async function authenticateAccessToken(
  deps: AuthDeps,
  token: string,
): Promise<AuthenticatedMember> {
  const now = deps.clock.now();
  let memberId: number;
  let sessionId: number;
  try {
    const claims = await verifyAccessToken(deps.keys.jwt, token, now);
    memberId = Number(claims.sub);
    sessionId = Number(claims.sid);
    if (!Number.isSafeInteger(memberId) || !Number.isSafeInteger(sessionId)) throw unauthorized();
  } catch (error) {
    if (error instanceof AccessTokenExpired) throw unauthorized(ErrorMessage.jwtExpired);
    throw unauthorized();
  }
  const row = deps.sessions
    ? await deps.sessions.read(sessionId, () => readSession(deps.db, sessionId))
    : await readSession(deps.db, sessionId);
  if (!row || row.memberId !== memberId || row.revokedAt || row.absoluteExpiresAt <= now) {
    throw unauthorized();
  }
  return {
    memberId,
    sessionId,
    familyId: row.familyId,
    deviceId: row.deviceRowId,
    clientId: row.clientId,
  };
}

/** The session and its family, from the database (kept in the API's cache while live). */
async function readSession(db: Db, sessionId: number): Promise<CachedSession | undefined> {
  const [row] = await db
    .select({
      memberId: sessions.memberId,
      familyId: sessions.familyId,
      revokedAt: sessionFamilies.revokedAt,
      absoluteExpiresAt: sessionFamilies.absoluteExpiresAt,
      deviceRowId: sessionFamilies.deviceRowId,
      clientId: sessionFamilies.clientId,
    })
    .from(sessions)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, sessions.familyId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}
