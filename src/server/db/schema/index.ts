/**
 * Database schema (PostgreSQL dialect; the same for PGlite and PostgreSQL), one file per area,
 * all re-exported here: `database.ts` hands this module to drizzle, code imports tables from
 * `db/schema`, and drizzle-kit reads every file of this folder (drizzle.config.ts).
 *
 * Conventions: times are `timestamptz`; money and uint256 columns are NUMERIC(78, 0), read as
 * strings and handled as bigint atomic units in code (columns.ts). Adding a table: put it in its
 * area's file (or a new `<area>.ts`, exported below), then `npx drizzle-kit generate --name
 * <what>` and commit the SQL in ../migrations (applied at boot). Area files import each other
 * directly (e.g. `members` from './auth'), never this index.
 */
export * from './platform';
export * from './auth';
export * from './kyc';
export * from './chain';
export * from './loyalty';
export * from './wallet';
export * from './withdrawal';
export * from './convert';
export * from './store';
export * from './earn';
export * from './scheduler';
export * from './exchange';
export * from './autotrade';
export * from './autotrade-margin';
export * from './autotrade-trading';
export * from './questionnaire';
export * from './lending';
export * from './binfi';
export * from './programs';
export * from './content';
export * from './partner';
