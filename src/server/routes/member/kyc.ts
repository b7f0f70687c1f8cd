import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { envelopeSchema, ErrorCode, ErrorMessage, ok } from '../../../shared/api/envelope';
import {
  businessVerifySchema,
  imageIdSchema,
  kyc2BodySchema,
  kycDocumentsSchema,
  kycFormSchema,
  kycPersonalSchema,
  kycStatusSchema,
  kycSubmitSchema,
  premierApplyResultSchema,
  uploadImageResultSchema,
} from '../../../shared/api/kyc';
import { KycMessage } from '../../../shared/validation/kyc';
import {
  applyBusinessVerify,
  kycForm,
  kycStatus,
  levelOne,
  levelTwo,
  modifyLevelOne,
  modifyLevelTwo,
  submitIndividual,
} from '../../domain/kyc/applications';
import { applyForKyc2, applyForPremier } from '../../domain/kyc/premier';
import {
  fileSizeError,
  findOwnUpload,
  malformedUploadError,
  saveUpload,
} from '../../domain/kyc/uploads';
import { AppError, validationError } from '../../errors';
import { memberRoute } from '../member-route';

/**
 * Identity verification (KYC), premier membership and uploads (contract src/shared/api/kyc.ts):
 * `/member/uploadImage`, `/member/ico/kyc/*`, `/member/applyBusinessVerify`. Every call is
 * authenticated and acts on `request.member.memberId` only.
 */

/** Multipart framing around the file (boundaries, part headers): generous. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.kyc;
  const maxBytes = app.config.uploadMaxBytes;

  // Scoped to these routes: a bounded parser (one file, a few small fields), files streamed.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 8,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });

  // ---- uploads ---------------------------------------------------------------------------------
  app.post(
    '/uploadImage',
    memberRoute({
      rateLimit: 'upload',
      schema: { response: { 200: envelopeSchema(uploadImageResultSchema) } },
    }),
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
        // Refused before reading the body; the connection is not reused for the rest of it.
        reply.header('connection', 'close');
        throw fileSizeError(maxBytes);
      }
      if (!request.isMultipart()) {
        throw new AppError(ErrorCode.unsupportedMediaType, ErrorMessage.unsupportedMediaType);
      }
      const part = await request.file().catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        // busboy could not read the body (no boundary, cut off, bad framing)
        request.log.info({ err: error }, 'unreadable multipart body');
        throw malformedUploadError();
      });
      if (!part || part.fieldname !== 'imageFile') {
        part?.file.resume();
        throw validationError([{ field: 'imageFile', message: KycMessage.required }]);
      }
      try {
        const saved = await saveUpload(
          { db: app.db, clock: app.clock, storage: app.uploads, maxBytes },
          request.member.memberId,
          part.file,
          () => part.file.truncated,
        );
        return ok(saved);
      } catch (error) {
        if (error instanceof AppError) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.get(
    '/ico/kyc/image/:imageId',
    memberRoute({ schema: { params: z.object({ imageId: z.string().check(z.maxLength(128)) }) } }),
    async (request, reply) => {
      const { imageId } = request.params;
      // Another member's image, an unknown id and a malformed one all read as not found.
      const row = imageIdSchema.safeParse(imageId).success
        ? await findOwnUpload(app.db, request.member.memberId, imageId)
        : undefined;
      const stream = row ? await app.uploads.get(row.id) : null;
      if (!row || !stream) {
        if (row) request.log.error({ imageId }, 'upload row without a stored file');
        throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
      }
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(stream);
    },
  );

  // ---- the application ---------------------------------------------------------------------
  app.post(
    '/ico/kyc/getStatus',
    memberRoute({ schema: { response: { 200: envelopeSchema(kycStatusSchema) } } }),
    async (request) => ok(await kycStatus(app.db, request.member.memberId)),
  );

  app.get(
    '/ico/kyc/kycForm',
    memberRoute({ schema: { response: { 200: envelopeSchema(kycFormSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await kycForm(app.db, request.member.memberId));
    },
  );

  app.post(
    '/ico/kyc/getLevelOne',
    memberRoute({ schema: { response: { 200: envelopeSchema(z.nullable(kycPersonalSchema)) } } }),
    async (request) => ok(await levelOne(app.db, request.member.memberId)),
  );

  app.post(
    '/ico/kyc/getLevelTwo',
    memberRoute({ schema: { response: { 200: envelopeSchema(z.nullable(kycDocumentsSchema)) } } }),
    async (request) => ok(await levelTwo(app.db, request.member.memberId)),
  );

  app.post(
    '/ico/kyc/getLevelThree',
    memberRoute({ schema: { response: { 200: envelopeSchema(kycStatusSchema) } } }),
    async (request) => ok(await kycStatus(app.db, request.member.memberId)),
  );

  app.post(
    '/ico/kyc/modifyLevelOne',
    memberRoute({
      schema: { body: kycPersonalSchema, response: { 200: envelopeSchema(kycStatusSchema) } },
    }),
    async (request) => ok(await modifyLevelOne(deps, request.member.memberId, request.body)),
  );

  app.post(
    '/ico/kyc/modifyLevelTwo',
    memberRoute({
      schema: { body: kycDocumentsSchema, response: { 200: envelopeSchema(kycStatusSchema) } },
    }),
    async (request) => ok(await modifyLevelTwo(deps, request.member.memberId, request.body)),
  );

  app.post(
    '/ico/kyc/verifyLevelThree',
    memberRoute({
      schema: { body: kycSubmitSchema, response: { 200: envelopeSchema(kycStatusSchema) } },
    }),
    async (request) => ok(await submitIndividual(deps, request.member.memberId)),
  );

  app.post(
    '/applyBusinessVerify',
    memberRoute({
      schema: { body: businessVerifySchema, response: { 200: envelopeSchema(kycStatusSchema) } },
    }),
    async (request) => ok(await applyBusinessVerify(deps, request.member.memberId, request.body)),
  );

  // ---- premier membership ------------------------------------------------------------------
  app.post(
    '/ico/kyc/applyForPremierMember',
    memberRoute({ schema: { response: { 200: envelopeSchema(premierApplyResultSchema) } } }),
    async (request) => ok(await applyForPremier(deps, request.member.memberId)),
  );

  app.post(
    '/ico/kyc/applyForKYC2',
    memberRoute({
      schema: { body: kyc2BodySchema, response: { 200: envelopeSchema(premierApplyResultSchema) } },
    }),
    async (request) => ok(await applyForKyc2(deps, request.member.memberId, request.body)),
  );
};

export default kycRoutes;
