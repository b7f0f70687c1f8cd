import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactUsBodySchema,
  contactUsResultSchema,
  countryListSchema,
  docIssuePlaceListSchema,
  languageListSchema,
} from '../../../shared/api/common';
import { envelopeSchema, ok, SUCCESS } from '../../../shared/api/envelope';
import { resolveLocale } from '../../../shared/constants/locales';
import { createContactRequest } from '../../domain/contact';
import { countryList, docIssuePlaceList, languageList } from '../../domain/reference-data';
import { routeRateLimit } from '../../plugins/rate-limit';
import accountSecurityRoutes from './account-security';
import identityRoutes from './identity';
import kycRoutes from './kyc';
import loyaltyRoutes from './loyalty';

/** First tag of an Accept-Language header ('zh-tw,zh;q=0.9' -> 'zh-tw'). */
function firstLanguageTag(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.split(';')[0]?.trim() || undefined;
}

/** Member service, mounted at `/member` (SERVICE_PREFIXES.member). Calls are POST unless the spec says otherwise. */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/common/getCountryList',
    { schema: { response: { 200: envelopeSchema(countryListSchema) } } },
    async () => ok(countryList()),
  );

  app.get(
    '/common/docIssuePlace',
    { schema: { response: { 200: envelopeSchema(docIssuePlaceListSchema) } } },
    async () => ok(docIssuePlaceList()),
  );

  // Spec section 7 lists getLanguageList among the member-service common calls too.
  app.post(
    '/common/getLanguageList',
    { schema: { response: { 200: envelopeSchema(languageListSchema) } } },
    async () => ok(languageList()),
  );

  app.post(
    '/contactUs',
    {
      schema: {
        body: contactUsBodySchema,
        response: { 200: envelopeSchema(contactUsResultSchema) },
      },
      config: routeRateLimit('contact'),
    },
    async (request) => {
      const { id } = await createContactRequest(app.db, app.clock, {
        ...request.body,
        locale: resolveLocale(firstLanguageTag(request.headers['accept-language'])),
        ip: request.ip,
      });
      return ok({ status: SUCCESS, id });
    },
  );

  // Identity and security: guest calls, then member calls and wallets.
  await app.register(identityRoutes);
  await app.register(accountSecurityRoutes);
  // On-chain core: loyalty status and the Alliance NFT.
  await app.register(loyaltyRoutes);
  // Identity verification (KYC), premier membership, uploads.
  await app.register(kycRoutes);
};

export default memberRoutes;
