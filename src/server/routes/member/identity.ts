import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activationBodySchema,
  activationResultSchema,
  authorizeLoginDeviceBodySchema,
  authorizeLoginDeviceResultSchema,
  confirmWalletLoginBodySchema,
  confirmWalletLoginResultSchema,
  captchaChallengeSchema,
  forgotPwdBodySchema,
  forgotPwdResultSchema,
  loginBodySchema,
  loginResultSchema,
  refreshBodySchema,
  refreshResultSchema,
  registerBodySchema,
  registerResultSchema,
  registerValidationQuerySchema,
  registerValidationResultSchema,
  resetPwdBodySchema,
  resetPwdResultSchema,
  sendCodeResultSchema,
  sendVerifyEmailCodeBodySchema,
  sendVerifySmsCodeBodySchema,
} from '../../../shared/api/auth';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { createCaptchaChallenge } from '../../domain/auth/captcha';
import { authorizeDevice } from '../../domain/auth/devices';
import { loginSecondStep, loginWithPassword } from '../../domain/auth/login';
import {
  activateContact,
  registerMember,
  sendContactCode,
  validateRegistrationField,
} from '../../domain/auth/members';
import { loginOrigin, registerOrigin } from '../../domain/auth/origin';
import {
  confirmWalletLogin,
  requestPasswordReset,
  resetPassword,
} from '../../domain/auth/password-change';
import { refreshSession } from '../../domain/auth/sessions';
import { routeRateLimit } from '../../plugins/rate-limit';

/**
 * Guest identity calls of the member service (spec sections 4, 5, 7): captcha, registration,
 * contact verification, login (both steps), device authorisation, refresh, password recovery.
 * Rules live in domain/auth; every body is validated with the shared schemas.
 */
const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;

  app.get(
    '/geetest/initialize',
    {
      schema: { response: { 200: envelopeSchema(captchaChallengeSchema) } },
      config: routeRateLimit('captcha'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(createCaptchaChallenge(deps));
    },
  );

  app.post(
    '/register',
    {
      schema: { body: registerBodySchema, response: { 200: envelopeSchema(registerResultSchema) } },
      config: routeRateLimit('guessable'),
    },
    async (request) =>
      ok(await registerMember(deps, request.body, registerOrigin(request.headers, request.ip))),
  );

  app.get(
    '/registerValidation',
    {
      schema: {
        querystring: registerValidationQuerySchema,
        response: { 200: envelopeSchema(registerValidationResultSchema) },
      },
      config: routeRateLimit('lookup'),
    },
    async (request) => ok(await validateRegistrationField(deps, request.query)),
  );

  app.post(
    '/sendVerifyEmailCode',
    {
      schema: {
        body: sendVerifyEmailCodeBodySchema,
        response: { 200: envelopeSchema(sendCodeResultSchema) },
      },
      config: routeRateLimit('codeSend'),
    },
    async (request) => ok(await sendContactCode(deps, 'email', request.body.userName)),
  );

  app.post(
    '/sendVerifySmsCode',
    {
      schema: {
        body: sendVerifySmsCodeBodySchema,
        response: { 200: envelopeSchema(sendCodeResultSchema) },
      },
      config: routeRateLimit('codeSend'),
    },
    async (request) => ok(await sendContactCode(deps, 'sms', request.body.userName)),
  );

  app.put(
    '/activation',
    {
      schema: {
        body: activationBodySchema,
        response: { 200: envelopeSchema(activationResultSchema) },
      },
      config: routeRateLimit('guessable'),
    },
    async (request) => ok(await activateContact(deps, request.body)),
  );

  app.post(
    '/login',
    {
      schema: { body: loginBodySchema, response: { 200: envelopeSchema(loginResultSchema) } },
      config: routeRateLimit('login'),
    },
    async (request) => {
      const origin = loginOrigin(request.headers, request.ip);
      return ok(
        request.body.step === 1
          ? await loginWithPassword(deps, request.body, origin)
          : await loginSecondStep(deps, request.body, origin),
      );
    },
  );

  app.post(
    '/authorizeLoginDevice',
    {
      schema: {
        body: authorizeLoginDeviceBodySchema,
        response: { 200: envelopeSchema(authorizeLoginDeviceResultSchema) },
      },
      config: routeRateLimit('guessable'),
    },
    async (request) => ok(await authorizeDevice(deps, request.body.token, request.ip)),
  );

  app.post(
    '/refresh',
    { schema: { body: refreshBodySchema, response: { 200: envelopeSchema(refreshResultSchema) } } },
    async (request) => ok(await refreshSession(deps, request.body.token, request.ip)),
  );

  app.post(
    '/forgotPwd',
    {
      schema: {
        body: forgotPwdBodySchema,
        response: { 200: envelopeSchema(forgotPwdResultSchema) },
      },
      config: routeRateLimit('guessable'),
    },
    async (request) => ok(await requestPasswordReset(deps, request.body)),
  );

  app.post(
    '/resetPwd',
    {
      schema: { body: resetPwdBodySchema, response: { 200: envelopeSchema(resetPwdResultSchema) } },
      config: routeRateLimit('guessable'),
    },
    async (request) => ok(await resetPassword(deps, request.body, request.ip)),
  );

  app.post(
    '/confirmWalletLogin',
    {
      schema: {
        body: confirmWalletLoginBodySchema,
        response: { 200: envelopeSchema(confirmWalletLoginResultSchema) },
      },
      config: routeRateLimit('guessable'),
    },
    async (request) => ok(await confirmWalletLogin(deps, request.body.token, request.ip)),
  );
};

export default identityRoutes;
