import type { BinfiCheckJoin, BinfiSideType } from '../../../shared/api/binfi';
import type { PremierState } from '../../../shared/api/kyc';
import { parseAmount } from '../../../shared/money/decimal';

/** Spec sections 5 and 9: "single purchase limit is five units". */
export const MAX_UNITS_PER_SUBSCRIPTION = 5;
/** USDT on the app chain (TestUSDT locally) has 6 decimals; BCNT 18. */
export const USDT_DECIMALS = 6;
export const BCNT_DECIMALS = 18;

/**
 * Who may join, in the order a member meets the gates: logged in, identity verified (level 1),
 * premier member (approved application), then what CheckJoin answers for the round and side
 * (raising, not private, units left, the account cap).
 */
export type JoinGate =
  | { kind: 'login' }
  | { kind: 'kyc' }
  | { kind: 'premier'; state: PremierState | null }
  | { kind: 'closed'; reason: NonNullable<BinfiCheckJoin['reason']> }
  | { kind: 'open'; maxUnits: number };

export function joinGate(input: {
  loggedIn: boolean;
  kycVerified: boolean;
  premierState: PremierState | null;
  check: Pick<BinfiCheckJoin, 'canJoin' | 'reason' | 'maxUnits'>;
}): JoinGate {
  if (!input.loggedIn) return { kind: 'login' };
  if (!input.kycVerified) return { kind: 'kyc' };
  if (input.premierState !== 'approved' || input.check.reason === 'premier_required')
    return { kind: 'premier', state: input.premierState };
  if (!input.check.canJoin || input.check.maxUnits < 1)
    return { kind: 'closed', reason: input.check.reason ?? 'full' };
  return { kind: 'open', maxUnits: Math.min(input.check.maxUnits, MAX_UNITS_PER_SUBSCRIPTION) };
}

export type UnitsError = 'required' | 'whole' | 'perSubscription' | 'available';

/**
 * The units of one subscription: a whole number from 1 to 5 ("5 units max per subscription"),
 * and no more than CheckJoin leaves (units left on the side, the account's cap in the round).
 */
export function unitsError(text: string, maxUnits: number): UnitsError | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) return 'whole';
  const units = Number(trimmed);
  if (units > MAX_UNITS_PER_SUBSCRIPTION) return 'perSubscription';
  if (units > maxUnits) return 'available';
  return null;
}

/** The consent checkboxes of section 5 each side asks for before its order. */
export const CONSENTS = {
  supply: ['notices', 'residency', 'identity', 'redemption'],
  take: ['notices', 'residency', 'identity', 'highRisk'],
} as const satisfies Record<BinfiSideType, readonly string[]>;
export type Consent = (typeof CONSENTS)[BinfiSideType][number];

export function missingConsents(side: BinfiSideType, ticked: ReadonlySet<string>): Consent[] {
  return CONSENTS[side].filter((consent) => !ticked.has(consent));
}

/**
 * Passes (section 3). General: nothing held. Locking: units x lockPerUnit BCNT held by the pool
 * until the order's stake ends. HODL: the operator's signed pass for (wallet, round, expiry)
 * after the wallet's BCNT at the round's creation (Supply / Take answers it).
 */
export const PASSES = ['general', 'locking', 'hodl'] as const;
export type BinfiPass = (typeof PASSES)[number];
/** BinFiPool's `Pass` enum. */
export const PASS_ENUM: Record<BinfiPass, number> = { general: 0, hodl: 1, locking: 2 };

/** What an order pulls from the wallet: USDT units x unitPrice, BCNT units x lockPerUnit. */
export function orderCost(
  units: number,
  unitPrice: string,
  lockPerUnit: string,
  pass: BinfiPass,
): { usdt: bigint; bcnt: bigint } {
  const price = parseAmount(unitPrice, USDT_DECIMALS) ?? 0n;
  const lock = parseAmount(lockPerUnit, BCNT_DECIMALS) ?? 0n;
  const n = BigInt(Math.max(0, Math.trunc(units)));
  return { usdt: n * price, bcnt: pass === 'locking' ? n * lock : 0n };
}
