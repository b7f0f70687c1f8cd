import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  addAddressBodySchema,
  addressIdBodySchema,
  addressListQuerySchema,
  addressListSchema,
  savedAddressSchema,
  sendWithdrawCodeResultSchema,
  withdrawalHistoryQuerySchema,
  withdrawalHistorySchema,
  withdrawalSchema,
  withdrawBodySchema,
  withdrawInfoQuerySchema,
  withdrawInfoSchema,
} from '../../../shared/api/wallet-withdraw';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
} from '../../domain/wallet/address-book';
import { idempotencyKeyFrom } from '../../domain/wallet/idempotency';
import {
  requestWithdrawal,
  sendWithdrawCode,
  withdrawalHistory,
  withdrawInfo,
} from '../../domain/wallet/withdrawals';
import { memberRoute } from '../member-route';

/**
 * Gateway `user` calls of withdrawals and the saved-address book (contract
 * shared/api/wallet-withdraw.ts; rules in domain/wallet/withdrawals.ts and address-book.ts).
 * Every call is an authenticated member's, on `request.member.memberId` only. Calls that take a
 * second-factor code use the `guessable` rate limit, the SMS code sender `codeSend`. Money
 * calls (WithdrawInfo, Withdraw, sendCode) need identity verification. The queue is processed
 * by the `withdrawals` job (jobs/withdrawals.ts).
 */
const walletWithdrawRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- address book
  app.get(
    '/user/address',
    memberRoute({
      schema: {
        querystring: addressListQuerySchema,
        response: { 200: envelopeSchema(addressListSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listAddresses(app.db, request.member.memberId, request.query.currency));
    },
  );

  app.post(
    '/user/address',
    memberRoute({
      rateLimit: 'guessable',
      schema: {
        body: addAddressBodySchema,
        response: { 200: envelopeSchema(savedAddressSchema) },
      },
    }),
    async (request) =>
      ok(
        await addAddress(app.auth, request.member.memberId, request.body, {
          ip: request.ip,
          deviceRowId: request.member.deviceId,
        }),
      ),
  );

  app.delete(
    '/user/address',
    memberRoute({
      schema: { body: addressIdBodySchema, response: { 200: envelopeSchema(addressListSchema) } },
    }),
    async (request) => ok(await deleteAddress(app.db, request.member.memberId, request.body.id)),
  );

  app.patch(
    '/user/address/default',
    memberRoute({
      schema: { body: addressIdBodySchema, response: { 200: envelopeSchema(addressListSchema) } },
    }),
    async (request) =>
      ok(await setDefaultAddress(app.db, request.member.memberId, request.body.id)),
  );

  // ---- withdrawals
  app.get(
    '/user/WithdrawInfo',
    memberRoute({
      kyc: 'verified',
      schema: {
        querystring: withdrawInfoQuerySchema,
        response: { 200: envelopeSchema(withdrawInfoSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await withdrawInfo(app.wallet, request.member.memberId, request.query.currency));
    },
  );

  app.post(
    '/user/Withdraw/sendCode',
    memberRoute({
      kyc: 'verified',
      rateLimit: 'codeSend',
      schema: { response: { 200: envelopeSchema(sendWithdrawCodeResultSchema) } },
    }),
    async (request) => ok(await sendWithdrawCode(app.auth, request.member.memberId)),
  );

  app.post(
    '/user/Withdraw',
    memberRoute({
      kyc: 'verified',
      rateLimit: 'guessable',
      schema: { body: withdrawBodySchema, response: { 200: envelopeSchema(withdrawalSchema) } },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(
        await requestWithdrawal(
          { wallet: app.wallet, auth: app.auth },
          request.member.memberId,
          key,
          request.body,
        ),
      );
    },
  );

  app.get(
    '/user/Withdraw',
    memberRoute({
      schema: {
        querystring: withdrawalHistoryQuerySchema,
        response: { 200: envelopeSchema(withdrawalHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await withdrawalHistory(app.db, request.member.memberId, request.query));
    },
  );
};

export default walletWithdrawRoutes;
