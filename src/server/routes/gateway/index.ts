import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currencyListSchema,
  languageListSchema,
  maintainStatusSchema,
} from '../../../shared/api/common';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { loyaltySettingSchema } from '../../../shared/api/loyalty';
import { loyaltyRates } from '../../domain/loyalty/rates';
import { maintainStatus } from '../../domain/maintenance';
import { currencyList, languageList } from '../../domain/reference-data';
import { routeRateLimit } from '../../plugins/rate-limit';
import autotradeSubscriptionRoutes from './autotrade-subscriptions';
import autotradeStrategyRoutes from './autotrade-strategies';
import binfiRoutes from '../binfi';
import partnerRoutes from '../partner';
import advertisementRoutes from '../content/advertisement';
import earnRoutes from './earn';
import exchangeApiKeyRoutes from './exchange-api-keys';
import lendingRoutes from './lending';
import questionnaireRoutes from './questionnaire';
import referralRoutes from './referral';
import walletRoutes from './wallet';
import walletConvertRoutes from './wallet-convert';
import walletDepositRoutes from './wallet-deposit';
import walletWithdrawRoutes from './wallet-withdraw';

/** Gateway service, mounted at `/api/v1` (SERVICE_PREFIXES.gateway). */
const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/common/LanguageList',
    { schema: { response: { 200: envelopeSchema(languageListSchema) } } },
    async () => ok(languageList()),
  );

  app.get(
    '/common/CurrencyList',
    { schema: { response: { 200: envelopeSchema(currencyListSchema) } } },
    async () => ok(currencyList()),
  );

  // The loyalty rate table: public, the same for everyone, changed rarely by operators.
  app.get(
    '/common/loyalty',
    { schema: { response: { 200: envelopeSchema(loyaltySettingSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await loyaltyRates(app.db));
    },
  );

  // Polled by every open tab; a looser limit of its own so polling never eats the global one.
  app.get(
    '/setting/MaintainStatus',
    {
      schema: { response: { 200: envelopeSchema(maintainStatusSchema) } },
      config: routeRateLimit('polling'),
    },
    async () => ok(await maintainStatus(app.db, app.clock)),
  );

  // Authenticated member calls of the gateway.
  await app.register(referralRoutes);
  await app.register(walletRoutes);
  await app.register(walletDepositRoutes);
  await app.register(walletWithdrawRoutes);
  await app.register(walletConvertRoutes);
  await app.register(earnRoutes);
  await app.register(exchangeApiKeyRoutes);
  await app.register(autotradeStrategyRoutes);
  await app.register(autotradeSubscriptionRoutes);
  await app.register(lendingRoutes);
  await app.register(questionnaireRoutes);
  await app.register(binfiRoutes);
  await app.register(partnerRoutes);
  await app.register(advertisementRoutes);
};

export default gatewayRoutes;
