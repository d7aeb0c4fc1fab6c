import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Currency, JoinCountry } from '@ofw/domain';

/*
 * The reference and configuration tables (seeded by src/seed.ts; no personal data), re-exported by schema.ts
 * (drizzle-kit reads that module's exports).
 */

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  /** 0 for ordinary countries; 1…n gives the order of the priority countries (§1). */
  priority: integer('priority').notNull().default(0),
});

export const joinCountries = pgTable('join_countries', {
  code: text('code').$type<JoinCountry>().primaryKey(),
  position: integer('position').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
});

export const securityQuestions = pgTable(
  'security_questions',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.locale] })],
);

/** Coupons: availability entries (§3) that apply to one package. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  packageId: integer('package_id').notNull(),
  discountMinor: integer('discount_minor').notNull(),
  /** 'join' (regular and pro signups) or 'invite' (invited co-parents). */
  audience: text('audience').notNull(),
  /** Offered to everyone of the audience (listed by GET /coupons) or only by code. */
  autoApply: boolean('auto_apply').notNull().default(false),
  active: boolean('active').notNull().default(true),
});

/** Experiments (§9: GROW-…): a user is in 'treatment' when hash(user, name) % 100 < rolloutPercent. */
export const experiments = pgTable('experiments', {
  name: text('name').primaryKey(),
  rolloutPercent: integer('rollout_percent').notNull(),
});

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
});
