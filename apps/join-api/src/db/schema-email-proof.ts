import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * `users.email_verified_at`: when the parent proved they get mail at `users.email` — by a one-time code below, the
 * invitation that reached it, or a renewal e-mail's come-back link; null = unproven: the address counts for nothing
 * (blocks nobody, is paid for by nobody, invites nobody).
 *
 * The one-time codes that prove a parent's e-mail address (services/email-proof.ts; docs/IDENTITY.md), re-exported by
 * schema.ts (drizzle-kit reads that module's exports). No foreign key to `users`, as `renewal_links`: a module that
 * schema.ts re-exports cannot import it back (no import loops); the row dies with its code (10 minutes).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The live code of a parent, at most one (a new code replaces it): only its salted HMAC-SHA256 (`code_hash`,
 * `<salt>.<mac>`), the address it was sent to (a code proves that address, not whatever the row says later), the
 * tries left (5, taken one at a time BEFORE the comparison, so concurrent guesses never compare more than 5), when it
 * was sent (the resend cool-down) and when it expires (10 minutes after). Deleted once the address is proven.
 */
export const emailCodes = pgTable('email_codes', {
  userId: integer('user_id').primaryKey(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  triesLeft: integer('tries_left').notNull(),
  sentAt: ts('sent_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
