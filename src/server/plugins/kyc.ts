import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { ErrorCode, ErrorMessage } from '../../shared/api/envelope';
import { KycError } from '../../shared/api/kyc';
import { isKycVerified } from '../../shared/membership/levels';
import { members } from '../db/schema';
import type { KycDeps } from '../domain/kyc/context';
import { isPremierMember } from '../domain/kyc/premier';
import { AppError } from '../errors';
import { createUploadStorage, type UploadStorage } from '../storage/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** where uploaded identity documents are stored (local disk unless buildApp got another) */
    uploads: UploadStorage;
    /** what the KYC and premier domain needs (db, clock, outbox, app origin) */
    kyc: KycDeps;
  }
}

export interface KycPluginOptions {
  /** the upload storage; default: local disk at UPLOADS_DIR (DATA_DIR/uploads) */
  uploads?: UploadStorage;
}

async function kycPlugin(app: FastifyInstance, options: KycPluginOptions) {
  app.decorate('uploads', options.uploads ?? createUploadStorage(app.config));
  app.decorate('kyc', {
    db: app.db,
    clock: app.clock,
    outbox: app.auth.outbox,
    appOrigin: app.config.appOrigin,
  });
}

export default fp(kycPlugin, { name: 'app-kyc', dependencies: ['app-context', 'app-auth'] });

function authenticatedMemberId(request: FastifyRequest): number {
  // A guard placed on a route without `onRequest: app.authenticate` must not wave it through.
  const memberId = (request.member as { memberId?: number } | null)?.memberId;
  if (memberId === undefined) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
  return memberId;
}

/**
 * preHandler for calls that need identity verification (level 1): the wallet and subscribe
 * routes. Use after `onRequest: app.authenticate`; routes get both from
 * `memberRoute({ kyc: 'verified', schema })` (routes/member-route.ts).
 *
 * Verified = the kyc2 bit (64) of the member's roleId. The derived roleId (login,
 * getMemberInfo) replaces only the loyalty bits, so the stored bit decides and no chain state
 * is read. Refusal: 403 `kyc_required`.
 */
export async function requireKycVerified(request: FastifyRequest): Promise<void> {
  const memberId = authenticatedMemberId(request);
  const [row] = await request.server.db
    .select({ roleId: members.roleId })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row || !isKycVerified(row.roleId)) {
    throw new AppError(ErrorCode.forbidden, KycError.kycRequired);
  }
}

/**
 * preHandler for premium products (premier members only: an approved premier application).
 * Use after `onRequest: app.authenticate` (`memberRoute({ kyc: 'premier', schema })`). Refusal:
 * 403 `premier_required`.
 */
export async function requirePremier(request: FastifyRequest): Promise<void> {
  const memberId = authenticatedMemberId(request);
  if (!(await isPremierMember(request.server.db, memberId))) {
    throw new AppError(ErrorCode.forbidden, KycError.premierRequired);
  }
}
