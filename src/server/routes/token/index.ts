import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  createStoreOrderBodySchema,
  storeOrderListQuerySchema,
  storeOrderListSchema,
  storeOrderSchema,
  tokenInfoSchema,
} from '../../../shared/api/store';
import { createStoreOrder, listStoreOrders, tokenInfo } from '../../domain/store/orders';
import { idempotencyKeyFrom } from '../../domain/wallet/idempotency';
import { memberRoute } from '../member-route';

/**
 * Token-exchange service (`/token`): the BCNT store.
 *
 * - `POST /token/order` createOrderAndGetDepositWalletAddress: member, identity verified,
 *   `Idempotency-Key` (scope `store-order`): the same key answers the same order.
 * - `GET /token/order` getOrderList: the member's own orders, newest first.
 * - `GET /token/info` getTokenInfo: public.
 *
 * Orders are delivered by the `store-delivery` job (jobs/store-delivery.ts).
 */
const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.wallet;

  app.post(
    '/order',
    memberRoute({
      kyc: 'verified',
      schema: {
        body: createStoreOrderBodySchema,
        response: { 200: envelopeSchema(storeOrderSchema) },
      },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await createStoreOrder(deps, request.member.memberId, key, request.body));
    },
  );

  app.get(
    '/order',
    memberRoute({
      rateLimit: 'polling',
      schema: {
        querystring: storeOrderListQuerySchema,
        response: { 200: envelopeSchema(storeOrderListSchema) },
      },
    }),
    async (request) => ok(await listStoreOrders(deps, request.member.memberId, request.query)),
  );

  app.get('/info', { schema: { response: { 200: envelopeSchema(tokenInfoSchema) } } }, async () =>
    ok(await tokenInfo(deps)),
  );
};

export default tokenRoutes;
