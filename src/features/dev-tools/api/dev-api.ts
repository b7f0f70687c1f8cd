import * as z from 'zod/mini';
import { faucetResultSchema, type FaucetBody, type FaucetResult } from '../../../shared/api/dev';
import { envelopeSchema } from '../../../shared/api/envelope';
import { devClockResultSchema } from '../../../shared/api/loyalty';
import { config } from '../../../lib/config';

/**
 * The API's development-only routes (`/dev/*`, never registered in production), called by the
 * dev tools page only. Answers are parsed with the same shared schemas the server validates with.
 */
export type DevClock = z.infer<typeof devClockResultSchema>;

/** A refusal of a dev route: its message key and the server's words, when it gave them. */
export class DevApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: string | undefined,
  ) {
    super(message);
    this.name = 'DevApiError';
  }
}

const refusalSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: z.optional(z.nullable(z.looseObject({ detail: z.optional(z.string()) }))),
});

async function devCall<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${config.apiBase}/dev${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const json: unknown = await response.json().catch(() => undefined);
  const envelope = envelopeSchema(schema).safeParse(json);
  if (response.ok && envelope.success && envelope.data.status === 0) return envelope.data.data;
  const refusal = refusalSchema.safeParse(json);
  throw new DevApiError(
    refusal.success ? refusal.data.status : response.status,
    refusal.success ? refusal.data.message : `HTTP ${response.status}`,
    refusal.success ? (refusal.data.data?.detail ?? undefined) : undefined,
  );
}

/** GET /dev/clock: the server clock and the chain's latest block time. */
export function getDevClock(): Promise<DevClock> {
  return devCall('/clock', devClockResultSchema);
}

/** POST /dev/clock/advance: the server clock and the chain move forward together. */
export function advanceDevClock(seconds: number): Promise<DevClock> {
  return devCall('/clock/advance', devClockResultSchema, { method: 'POST', body: { seconds } });
}

/** POST /dev/faucet. */
export function requestFaucet(body: FaucetBody): Promise<FaucetResult> {
  return devCall('/faucet', faucetResultSchema, { method: 'POST', body });
}
