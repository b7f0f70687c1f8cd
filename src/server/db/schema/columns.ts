import { numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column helpers every area uses (not re-exported by the index: they are not tables). Times are
 * `timestamptz` read as Date; amounts, token ids and other uint256 values are NUMERIC(78, 0),
 * read as decimal strings and handled as bigint atomic units in code.
 */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** atomic units / uint256 as NUMERIC(78, 0) */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });
