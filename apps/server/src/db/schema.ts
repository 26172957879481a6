/**
 * The database's tables, one file per domain in ./tables (drizzle-kit reads them through this
 * file: drizzle.config.ts).
 */
export type { PayToRecord, RateSourceRecord, RequisiteFieldRecord } from './tables/columns';
export * from './tables/exchange';
export * from './tables/accounts';
export * from './tables/operations';
export * from './tables/tickets';
export * from './tables/referral';
export * from './tables/partners';
export * from './tables/desk';
export * from './tables/content';
export * from './tables/ticket-payouts';
export * from './tables/telegram';
export * from './tables/ticket-messages';
export * from './tables/partner-webhooks';
export * from './tables/partner-embed';
export * from './tables/receipts';
export * from './tables/aml';
