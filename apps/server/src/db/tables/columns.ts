import type { AddressFormat } from '@obmen/shared/addresses';
import type { PriceSource } from '@obmen/shared/contracts';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

export interface RequisiteFieldRecord {
  name: string;
  kind: 'card' | 'phone' | 'name' | 'address' | 'memo' | 'text' | 'email';
  labelRu: string;
  labelEn: string;
  hintRu: string;
  hintEn: string;
  /** An example value, on Russian pages and wherever the English one is empty (a card number). */
  placeholder: string;
  /** The example on English pages when it differs (a name, a bank); absent in older rows. */
  placeholderEn?: string;
  pattern: string;
  /** The network whose address checksum the value must pass; absent: the pattern alone. */
  format?: AddressFormat;
  required: boolean;
}

/** One side's live price on a ticket: the median of these sources, as of `at` (ISO 8601). */
export interface RateSourceRecord {
  valute: string;
  sources: PriceSource[];
  at: string;
}

export interface PayToRecord {
  labelRu: string;
  labelEn: string;
  value: string;
}

// Money and prices are `numeric`: drizzle hands them over as decimal strings, never as floats.
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
export const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
