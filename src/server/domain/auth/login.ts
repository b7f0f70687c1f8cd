import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AuthError, type LoginBody, type LoginResult } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { AccountMessage, CODE_PATTERN } from '../../../shared/validation/account';
import { devices, loginTickets, members } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import { logActivity } from './activity';
import { verifyCaptcha } from './captcha';
import { consumeCode, issueCode } from './codes';
import { addMs, type AuthDeps, MINUTE, type RequestOrigin } from './context';
import { hashToken, maskEmail, maskMobile, randomToken } from './crypto';
import { deviceTokenValid, findDeviceToken, issueDeviceToken } from './device-tokens';
import {
  DEVICE_STATUS,
  findDevice,
  hasAuthorisedDevice,
  recordDevice,
  sendDeviceAuthorization,
} from './devices';
import { findMemberByEmail, loadMember, loadMemberSummary, type MemberRow, ROLE } from './members';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './passwords';
import { isNewDeviceLogin, sendSecurityNotice } from './security-notice';
import { startSession } from './sessions';
import {
  assertLoginAllowed,
  clearLoginFailures,
  recordLoginFailure,
  throttleKey,
} from './throttle';
import { consumeTotp } from './two-factor';

/**
 * Login. Step 1 (password, or a signed SIWE message) establishes who it is; then:
 * 1. device: a client id the account has not authorised gets `device_authorization` and an
 *    e-mailed link, unless the account has no authorised device yet (the first is authorised
 *    automatically); a wallet sign-in also needs the device's token (device-tokens.ts), else
 *    it is a new device whose link authorises the token it is given;
 * 2. second factor: with 2FA on, `second_factor` and a ticket (single use, 5 minutes, 5 wrong
 *    codes); an SMS code is sent right away when the method is SMS; step 2 sends the ticket and
 *    the code;
 * 3. success: a new session family, the member summary, whether to offer the Investor role and
 *    a device token when the browser did not send a valid one.
 */
export const TICKET_TTL_MS = 5 * MINUTE;
export const TICKET_MAX_ATTEMPTS = 5;

export type LoginOrigin = RequestOrigin;

function invalidCredentials() {
  return new AppError(ErrorCode.badRequest, AuthError.invalidCredentials);
}

function ticketInvalid() {
  return new AppError(ErrorCode.badRequest, AuthError.ticketInvalid, { field: 'ticket' });
}

/** Step 1 with e-mail and password. */
export async function loginWithPassword(
  deps: AuthDeps,
  body: LoginBody,
  origin: LoginOrigin,
): Promise<LoginResult> {
  if (!body.email) throw validationError([{ field: 'email', message: AccountMessage.emailFormat }]);
  if (!body.password) throw validationError([{ field: 'password', message: 'required' }]);
  await verifyCaptcha(deps, body.captcha);

  const member = await findMemberByEmail(deps.db, body.email);
  const device = member ? await findDevice(deps.db, member.id, origin.clientId) : undefined;
  const known = device?.status === DEVICE_STATUS.authorised;
  const key = throttleKey(deps, body.email, known ? origin.clientId : null);
  await assertLoginAllowed(deps, key);

  const passwordOk = member
    ? await verifyPassword(member.passwordHash, body.password)
    : await verifyDummyPassword(body.password);
  if (!member || !passwordOk) {
    await recordLoginFailure(deps, key);
    if (member) {
      await logActivity(deps, {
        memberId: member.id,
        action: 'login_failed',
        ip: origin.ip,
        device: known ? device : null,
        agent: origin.agent,
      });
    }
    throw invalidCredentials();
  }
  await clearLoginFailures(deps, key);
  if (needsRehash(member.passwordHash)) {
    await deps.db
      .update(members)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(eq(members.id, member.id));
  }
  return continueLogin(deps, member, origin, 'password');
}

/** After the first factor (password or wallet signature): device, then second factor. */
export async function continueLogin(
  deps: AuthDeps,
  member: MemberRow,
  origin: LoginOrigin,
  source: 'password' | 'siwe',
): Promise<LoginResult> {
  let device = await findDevice(deps.db, member.id, origin.clientId);
  const authorised = device?.status === DEVICE_STATUS.authorised;
  // A wallet signature is not a password: its device must also show the token the server gave
  // it (the client id is public: the device list shows it).
  const recognised =
    authorised &&
    (source === 'password' ||
      (await deviceTokenValid(deps, member.id, device!.id, origin.deviceToken)));
  if (!recognised) {
    if (await hasAuthorisedDevice(deps.db, member.id)) {
      // An authorised device keeps its status (someone else sending its client id must not
      // lock it out); the link authorises the token this browser gets now.
      device = authorised
        ? device!
        : await recordDevice(deps, member.id, origin, DEVICE_STATUS.pending);
      let deviceToken: string | undefined;
      let deviceTokenId: number | undefined;
      if (source === 'siwe') {
        const held = await findDeviceToken(deps, member.id, device.id, origin.deviceToken);
        if (held && held.authorisedAt === null) deviceTokenId = held.id;
        else {
          const issued = await issueDeviceToken(deps, member.id, device.id, false);
          deviceToken = issued.token;
          deviceTokenId = issued.row.id;
        }
      }
      await sendDeviceAuthorization(deps, member, device, deviceTokenId);
      return {
        result: 'device_authorization',
        sentTo: maskEmail(member.email),
        ...(deviceToken ? { deviceToken } : {}),
      };
    }
    device = await recordDevice(deps, member.id, origin, DEVICE_STATUS.authorised);
  }
  const deviceRowId = device!.id;

  if (member.twoFactorMethod === 'sms' || member.twoFactorMethod === 'totp') {
    let sentTo: string | null = null;
    if (member.twoFactorMethod === 'sms' && member.mobile) {
      sentTo = maskMobile(member.mobile);
      try {
        await issueCode(
          deps,
          { memberId: member.id, channel: 'sms', purpose: 'login' },
          member.mobile,
        );
      } catch (error) {
        // Sent less than a minute ago: that code is still valid.
        if (!(error instanceof AppError && error.message === AuthError.resendTooSoon)) throw error;
      }
    }
    const ticket = randomToken();
    const now = deps.clock.now();
    await deps.db.insert(loginTickets).values({
      memberId: member.id,
      tokenHash: hashToken(ticket),
      method: member.twoFactorMethod,
      source,
      deviceRowId,
      createdAt: now,
      expiresAt: addMs(now, TICKET_TTL_MS),
    });
    return { result: 'second_factor', method: member.twoFactorMethod, ticket, sentTo };
  }
  return finishLogin(deps, member, origin, source);
}

/** Step 2: the ticket from step 1 and the SMS or authenticator code. */
export async function loginSecondStep(
  deps: AuthDeps,
  body: LoginBody,
  origin: LoginOrigin,
): Promise<LoginResult> {
  if (!body.ticket) throw validationError([{ field: 'ticket', message: 'required' }]);
  const code = body.google2FAToken?.trim() ?? '';
  if (!CODE_PATTERN.test(code)) {
    throw validationError([{ field: 'google2FAToken', message: AccountMessage.codeWrong }]);
  }
  const now = deps.clock.now();
  // The attempt is counted in the UPDATE that finds the ticket (only while it has attempts
  // left; concurrent steps queue on the row), so a ticket never gets more than 5 codes checked.
  const [ticket] = await deps.db
    .update(loginTickets)
    .set({ attempts: sql`${loginTickets.attempts} + 1` })
    .where(
      and(
        eq(loginTickets.tokenHash, hashToken(body.ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, now),
        lt(loginTickets.attempts, TICKET_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!ticket) throw ticketInvalid();
  const [device] = await deps.db
    .select()
    .from(devices)
    .where(and(eq(devices.id, ticket.deviceRowId), eq(devices.memberId, ticket.memberId)));
  // The second step comes from the device that did the first, still authorised.
  if (
    !device ||
    device.clientId !== origin.clientId ||
    device.status !== DEVICE_STATUS.authorised
  ) {
    throw ticketInvalid();
  }
  const member = await loadMember(deps.db, ticket.memberId);
  if (member.twoFactorMethod !== ticket.method) throw ticketInvalid();

  if (ticket.method === 'totp') await consumeTotp(deps, member, code, 'google2FAToken');
  else {
    await consumeCode(
      deps,
      { memberId: member.id, channel: 'sms', purpose: 'login' },
      code,
      'google2FAToken',
    );
  }
  const spent = await deps.db
    .update(loginTickets)
    .set({ usedAt: now })
    .where(and(eq(loginTickets.id, ticket.id), isNull(loginTickets.usedAt)))
    .returning({ id: loginTickets.id });
  if (spent.length === 0) throw ticketInvalid();
  return finishLogin(deps, member, origin, ticket.source === 'siwe' ? 'siwe' : 'password');
}

/**
 * A new session. The member is e-mailed about every wallet sign-in and about the first sign-in
 * from a device (other than the account's first device).
 */
async function finishLogin(
  deps: AuthDeps,
  member: MemberRow,
  origin: LoginOrigin,
  source: 'password' | 'siwe',
): Promise<LoginResult> {
  const device = await recordDevice(deps, member.id, origin);
  // A browser without a valid token of this device gets one (wallet sign-in needs it).
  const deviceToken = (await deviceTokenValid(deps, member.id, device.id, origin.deviceToken))
    ? undefined
    : (await issueDeviceToken(deps, member.id, device.id, true)).token;
  const newDevice = await isNewDeviceLogin(deps, member.id, device.id);
  const session = await startSession(deps, {
    memberId: member.id,
    deviceRowId: device.id,
    clientId: origin.clientId,
  });
  await logActivity(deps, { memberId: member.id, action: 'login', ip: origin.ip, device });
  if (source === 'siwe' || newDevice) {
    await sendSecurityNotice(
      deps,
      member,
      source === 'siwe' ? 'wallet_login' : 'new_device_login',
      { ip: origin.ip, deviceRowId: device.id },
    );
  }
  return {
    result: 'success',
    session: {
      token: session.token,
      refreshToken: session.refreshToken,
      expiredTime: session.expiredTime,
    },
    member: await loadMemberSummary(deps, member),
    offerInvestorRole: (member.roleId & ROLE.investor) === 0,
    ...(deviceToken ? { deviceToken } : {}),
  };
}
