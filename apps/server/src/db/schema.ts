/**
 * The database schema, one file per domain under schema/ (drizzle-kit reads this file). One table per
 * entity of the spec (section 3) plus what auth, email and notifications need. Money is integer
 * centavos; percentages are integer basis points (10,00 % = 1000); instants are timestamptz.
 */

export * from './schema/accounts.ts';
export * from './schema/care.ts';
export * from './schema/catalogue.ts';
export * from './schema/clinical.ts';
export * from './schema/columns.ts';
export * from './schema/conversations.ts';
export * from './schema/money.ts';
export * from './schema/on-demand.ts';
export * from './schema/platform.ts';
export * from './schema/push.ts';
