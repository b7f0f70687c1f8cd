import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  QuestionnaireError,
  STRATEGY_RISK_SCALE,
  type Suitability,
  type SuitabilityProduct,
  type SuitabilityQuery,
} from '../../../shared/api/questionnaire';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { autotradeStrategies, earnProducts, suitabilityAcknowledgements } from '../../db/schema';
import { AppError } from '../../errors';
import { latestResult } from './questionnaire';

/**
 * Suitability: a subscription to a product whose risk level is above the member's risk type, or
 * by a member without a valid questionnaire (none, or over a year old on the server clock), needs
 * the member's explicit acknowledgement (`riskAcknowledged: true` in the subscription's body).
 * The subscription call refuses without it; with it, the acknowledgement is written in the
 * subscription's own transaction (`recordAcknowledgement`).
 *
 * Product risk levels (1-5): an earn product's `risk_level` column (set by operators with the
 * product); a Smart Autotrade strategy's low / medium / high as 3 / 4 / 5 (STRATEGY_RISK_SCALE).
 */

export interface SuitabilityTarget {
  product: SuitabilityProduct;
  /** earn: the product id; autotrade: the strategy id */
  productId: number;
  productRisk: number;
}

export interface SuitabilityCheck extends SuitabilityTarget, Suitability {
  memberId: number;
  questionnaireId: number | null;
}

export async function assessSuitability(
  db: Db,
  clock: Clock,
  memberId: number,
  target: SuitabilityTarget,
): Promise<SuitabilityCheck> {
  const latest = await latestResult(db, memberId);
  const valid = latest && latest.expiresAt.getTime() > clock.now().getTime() ? latest : undefined;
  const reason = !latest
    ? 'missing'
    : !valid
      ? 'expired'
      : target.productRisk > valid.riskType
        ? 'above'
        : null;
  return {
    ...target,
    memberId,
    riskType: valid?.riskType ?? null,
    questionnaireId: valid?.id ?? null,
    reason,
  };
}

/** Refuses (with the suitability as data) when an acknowledgement is needed and not given. */
export function requireAcknowledgement(check: SuitabilityCheck, acknowledged: boolean | undefined) {
  if (check.reason && acknowledged !== true) {
    const data: Suitability = {
      productRisk: check.productRisk,
      riskType: check.riskType,
      reason: check.reason,
    };
    throw new AppError(ErrorCode.badRequest, QuestionnaireError.acknowledgementRequired, data);
  }
}

/** Writes the acknowledgement with the subscription (inside its transaction); none if suited. */
export async function recordAcknowledgement(
  tx: Db,
  check: SuitabilityCheck,
  subscriptionId: number,
  at: Date,
): Promise<void> {
  if (!check.reason) return;
  await tx.insert(suitabilityAcknowledgements).values({
    memberId: check.memberId,
    product: check.product,
    productId: check.productId,
    subscriptionId,
    productRisk: check.productRisk,
    riskType: check.riskType,
    questionnaireId: check.questionnaireId,
    reason: check.reason,
    acknowledgedAt: at,
  });
}

/** The five-level risk of a Smart Autotrade strategy. */
export const strategyRisk = (level: keyof typeof STRATEGY_RISK_SCALE) => STRATEGY_RISK_SCALE[level];

/** The product's risk level, or a 404 for an unknown one. */
async function targetOf(db: Db, query: SuitabilityQuery): Promise<SuitabilityTarget> {
  if (query.product === 'earn') {
    const [row] = await db
      .select({ riskLevel: earnProducts.riskLevel })
      .from(earnProducts)
      .where(eq(earnProducts.id, query.id));
    if (!row) throw new AppError(ErrorCode.notFound, 'not_found');
    return { product: 'earn', productId: query.id, productRisk: row.riskLevel };
  }
  const [row] = await db
    .select({ riskLevel: autotradeStrategies.riskLevel })
    .from(autotradeStrategies)
    .where(eq(autotradeStrategies.id, query.id));
  if (!row) throw new AppError(ErrorCode.notFound, 'not_found');
  return { product: 'autotrade', productId: query.id, productRisk: strategyRisk(row.riskLevel) };
}

/** GET questionnaire/suitability: what the subscribe screens ask before the call. */
export async function suitabilityFor(
  db: Db,
  clock: Clock,
  memberId: number,
  query: SuitabilityQuery,
): Promise<Suitability> {
  const check = await assessSuitability(db, clock, memberId, await targetOf(db, query));
  return { productRisk: check.productRisk, riskType: check.riskType, reason: check.reason };
}
