import { z } from 'zod';
import {
  CONTACT_LIST_DEFAULT_LIMIT,
  CONTACT_LIST_MAX_LIMIT,
  type ContactRequestRecord,
  listContactRequests,
} from '../domain/contact';
import {
  getMaintenance,
  type MaintenanceState,
  turnMaintenanceOff,
  turnMaintenanceOn,
} from '../domain/maintenance';
import { opsCommand } from './command';

/** Operator commands of the platform: maintenance and the contact-us requests. */

/** ISO 8601 date-time with an explicit offset, e.g. 2025-01-12T17:00:00+08:00 or ...Z. */
const isoTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, {
    message: 'expected an ISO time with offset, e.g. 2025-01-12T17:00:00+08:00',
  })
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'not a valid time' });

function formatMaintenance(state: MaintenanceState): string {
  if (!state.enabled) return 'Maintenance is OFF.';
  const lines = [
    state.active
      ? 'Maintenance is ON: users see the maintenance page.'
      : `Maintenance is SCHEDULED: users see the maintenance page from ${state.startTime}.`,
  ];
  if (state.startTime) lines.push(`  start: ${state.startTime}`);
  lines.push(`  expected end: ${state.endTime ?? '(not announced)'}`);
  return lines.join('\n');
}

function formatContacts(rows: ContactRequestRecord[]): string {
  if (rows.length === 0) return 'No contact requests.';
  return rows
    .map((row) => {
      const head = `#${row.id}  ${row.createdAt}  product ${row.product}  ${row.name} <${row.email}>  ${row.phone}  ${row.locale}  ${row.ip}`;
      const message = row.message ? `\n    ${row.message.replace(/\n/g, '\n    ')}` : '';
      return head + message;
    })
    .join('\n');
}

export const platformOpsCommands = {
  'maintenance/on': opsCommand({
    options: { start: {}, end: {} },
    usage: '[--start <ISO time>] [--end <ISO time>]',
    help: `Turn maintenance on. Without --start it starts now; with a
future --start users see it from that time. --end is the
announced expected end (maintenance stays on until "off").`,
    input: z.object({ start: isoTime.optional(), end: isoTime.optional() }),
    run: (ctx, input) =>
      turnMaintenanceOn(ctx.db, ctx.clock, {
        start: input.start ? new Date(input.start) : undefined,
        end: input.end ? new Date(input.end) : undefined,
      }),
    format: formatMaintenance,
  }),
  'maintenance/off': opsCommand({
    help: 'Turn maintenance off.',
    input: z.object({}),
    run: (ctx) => turnMaintenanceOff(ctx.db, ctx.clock),
    format: formatMaintenance,
  }),
  'maintenance/status': opsCommand({
    help: 'Show the maintenance setting.',
    input: z.object({}),
    run: (ctx) => getMaintenance(ctx.db, ctx.clock),
    format: formatMaintenance,
  }),
  'contact/list': opsCommand({
    options: { limit: {} },
    usage: '[--limit N]',
    help: 'List contact-us requests, newest first (default 20, max 500).',
    input: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(CONTACT_LIST_MAX_LIMIT)
        .default(CONTACT_LIST_DEFAULT_LIMIT),
    }),
    run: (ctx, input) => listContactRequests(ctx.db, { limit: input.limit }),
    format: formatContacts,
  }),
} as const;
