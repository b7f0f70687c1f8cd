import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  addUserTypeBodySchema,
  addUserTypeResultSchema,
  linkedWalletListSchema,
  linkedWalletSchema,
  listQuerySchema,
  loginDeviceListSchema,
  loginDeviceLogListSchema,
  loginDeviceLogQuerySchema,
  loginResultSchema,
  logoutResultSchema,
  memberSummarySchema,
  modifyNicknameBodySchema,
  modifyNicknameResultSchema,
  preferedSettingsBodySchema,
  preferedSettingsResultSchema,
  revokeLoginDeviceBodySchema,
  revokeLoginDeviceResultSchema,
  set2FABodySchema,
  set2FAResultSchema,
  siweLoginBodySchema,
  siweNonceBodySchema,
  siweLinkBodySchema,
  siweNonceResultSchema,
  siweUnlinkBodySchema,
  twoFactorSettingsSchema,
  updatePwdBodySchema,
  updatePwdResultSchema,
} from '../../../shared/api/auth';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { listActivity } from '../../domain/auth/activity';
import { listDevices, revokeDevice } from '../../domain/auth/devices';
import {
  addInvestorRole,
  memberInfo,
  modifyNickname,
  setPreferredLanguage,
} from '../../domain/auth/members';
import { loginOrigin } from '../../domain/auth/origin';
import { updatePassword } from '../../domain/auth/password-change';
import { logout } from '../../domain/auth/sessions';
import {
  issueSiweNonce,
  linkWallet,
  listWallets,
  loginWithWallet,
  unlinkWallet,
} from '../../domain/auth/siwe';
import { getTwoFactorSettings, setTwoFactor } from '../../domain/auth/two-factor';
import { routeRateLimit } from '../../plugins/rate-limit';
import { memberRoute } from '../member-route';

/**
 * Member calls of the identity area: every one requires a live session (`app.authenticate`)
 * and acts only on `request.member.memberId`, never on an id from the body. Also the SIWE
 * calls (nonce and wallet sign-in are guest calls).
 */
const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;
  const origin = (request: FastifyRequest) => ({
    ip: request.ip,
    deviceRowId: request.member.deviceId,
  });

  app.post(
    '/logout',
    memberRoute({ schema: { response: { 200: envelopeSchema(logoutResultSchema) } } }),
    async (request) => ok(await logout(deps, request.member, origin(request))),
  );

  app.post(
    '/addUserType',
    memberRoute({
      schema: {
        body: addUserTypeBodySchema,
        response: { 200: envelopeSchema(addUserTypeResultSchema) },
      },
    }),
    async (request) => ok(await addInvestorRole(deps, request.member.memberId)),
  );

  app.post(
    '/get2FASettings',
    memberRoute({ schema: { response: { 200: envelopeSchema(twoFactorSettingsSchema) } } }),
    async (request) => ok(await getTwoFactorSettings(deps, request.member.memberId)),
  );

  app.post(
    '/set2FASettings',
    memberRoute({
      rateLimit: 'guessable',
      schema: { body: set2FABodySchema, response: { 200: envelopeSchema(set2FAResultSchema) } },
    }),
    async (request) =>
      ok(await setTwoFactor(deps, request.member.memberId, request.body, origin(request))),
  );

  app.post(
    '/getLoginDevices',
    memberRoute({
      schema: {
        body: z.nullish(listQuerySchema),
        response: { 200: envelopeSchema(loginDeviceListSchema) },
      },
    }),
    async (request) => {
      const query = request.body ?? listQuerySchema.parse({});
      return ok(
        await listDevices(deps.db, request.member.memberId, query, request.member.deviceId),
      );
    },
  );

  app.post(
    '/getLoginDeviceLogs',
    memberRoute({
      schema: {
        body: z.nullish(loginDeviceLogQuerySchema),
        response: { 200: envelopeSchema(loginDeviceLogListSchema) },
      },
    }),
    async (request) => {
      const query = request.body ?? loginDeviceLogQuerySchema.parse({});
      return ok(await listActivity(deps.db, request.member.memberId, query));
    },
  );

  app.post(
    '/revokeLoginDevice',
    memberRoute({
      schema: {
        body: revokeLoginDeviceBodySchema,
        response: { 200: envelopeSchema(revokeLoginDeviceResultSchema) },
      },
    }),
    async (request) =>
      ok(await revokeDevice(deps, request.member.memberId, request.body.clientId, request.ip)),
  );

  app.post(
    '/updatePwd',
    memberRoute({
      rateLimit: 'guessable',
      schema: {
        body: updatePwdBodySchema,
        response: { 200: envelopeSchema(updatePwdResultSchema) },
      },
    }),
    async (request) =>
      ok(
        await updatePassword(
          deps,
          request.member.memberId,
          request.member.familyId,
          request.body,
          origin(request),
        ),
      ),
  );

  app.post(
    '/ico/modifyNickname',
    memberRoute({
      schema: {
        body: modifyNicknameBodySchema,
        response: { 200: envelopeSchema(modifyNicknameResultSchema) },
      },
    }),
    async (request) =>
      ok(await modifyNickname(deps, request.member.memberId, request.body.nickname)),
  );

  app.post(
    '/setPreferedSettings',
    memberRoute({
      schema: {
        body: preferedSettingsBodySchema,
        response: { 200: envelopeSchema(preferedSettingsResultSchema) },
      },
    }),
    async (request) =>
      ok(await setPreferredLanguage(deps, request.member.memberId, request.body.language)),
  );

  app.post(
    '/ico/getMemberInfo',
    memberRoute({ schema: { response: { 200: envelopeSchema(memberSummarySchema) } } }),
    async (request) => ok(await memberInfo(deps, request.member.memberId)),
  );

  // ---- linked wallets (EIP-4361)
  app.post(
    '/siwe/nonce',
    {
      schema: {
        body: siweNonceBodySchema,
        response: { 200: envelopeSchema(siweNonceResultSchema) },
      },
    },
    async (request) => ok(await issueSiweNonce(deps, request.body.purpose)),
  );

  app.post(
    '/siwe/link',
    memberRoute({
      rateLimit: 'guessable',
      schema: {
        body: siweLinkBodySchema,
        response: { 200: envelopeSchema(linkedWalletSchema) },
      },
    }),
    async (request) =>
      ok(await linkWallet(deps, request.member.memberId, request.body, origin(request))),
  );

  app.post(
    '/siwe/wallets',
    memberRoute({ schema: { response: { 200: envelopeSchema(linkedWalletListSchema) } } }),
    async (request) => ok(await listWallets(deps.db, request.member.memberId)),
  );

  app.post(
    '/siwe/unlink',
    memberRoute({
      rateLimit: 'guessable',
      schema: {
        body: siweUnlinkBodySchema,
        response: { 200: envelopeSchema(linkedWalletListSchema) },
      },
    }),
    async (request) =>
      ok(await unlinkWallet(deps, request.member.memberId, request.body, origin(request))),
  );

  app.post(
    '/siwe/login',
    {
      schema: { body: siweLoginBodySchema, response: { 200: envelopeSchema(loginResultSchema) } },
      config: routeRateLimit('login'),
    },
    async (request) =>
      ok(await loginWithWallet(deps, request.body, loginOrigin(request.headers, request.ip))),
  );
};

export default accountSecurityRoutes;
