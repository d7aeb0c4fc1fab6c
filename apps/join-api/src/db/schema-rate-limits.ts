import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* The rate limits' table (lib/rate-limit.ts), re-exported by schema.ts (drizzle-kit reads that module's exports). */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Fixed-window rate-limit counters shared by all instances. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').primaryKey(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);
