import type { MerchantConfig } from '@aurum/contract';
import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  config: jsonb('config').$type<MerchantConfig>().notNull(),
  maintenanceOn: boolean('maintenance_on').notNull().default(false),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  regionOn: boolean('region_on').notNull().default(false),
  regionCountries: jsonb('region_countries').$type<string[]>().notNull().default([]),
  regionRanges: jsonb('region_ranges').$type<string[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const opsAudit = pgTable('ops_audit', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { merchants, opsAudit };
