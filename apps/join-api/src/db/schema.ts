import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderRenewalColumns, renewalColumns, type EndReason } from './schema-renewal.js';
import type { BillingAddress, CountryCode, Currency, Flow, PricingGroup } from '@ofw/domain';

/*
 * Columns carry their domain types (`$type<>()`: TypeScript only, the SQL column stays text/jsonb), so a row read
 * back is a `Currency`, a `Flow`, a `PricingGroup`… without a cast, and a write of anything else fails to compile.
 */

/** An order's life (docs/PAYMENTS.md): pending until the gateway answers, then paid, declined or failed (refused before a charge). */
export type OrderStatus = 'pending' | 'paid' | 'declined' | 'failed';
/** A subscription row's status (see `subscriptions`). */
export type SubscriptionRowStatus = 'current' | 'ended' | 'expired';
/** An Idempotency-Key record's state (Stripe-style; see `idempotencyKeys`). */
export type IdempotencyState = 'in_flight' | 'completed' | 'retryable';
/** Why the money of a paid order is no longer held (see `subscriptions.endReason`). */
export type MoneyGoneReason = 'settlement_declined' | 'refunded' | 'voided' | 'dispute_lost';
/** An outbox row's status (see `outbox`). */
export type OutboxStatus = 'pending' | 'sent' | 'cancelled' | 'failed';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** A family groups co-parents (§3 parent.familyId). */
export const families = pgTable('families', {
  id: serial('id').primaryKey(),
  createdAt: createdAt(),
});

/** Parents (§3 Join state: parent{…}, address, flags). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id')
      .notNull()
      .references(() => families.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneCountryCode: text('phone_country_code').notNull().default('+1'),
    phoneNumber: text('phone_number').notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    country: text('country').$type<CountryCode>().notNull(),
    addressLine1: text('address_line1'),
    languageLocale: text('language_locale').notNull().default('en-US'),
    flow: text('flow').$type<Flow>().notNull().default('join'),
    /** 'registering' until the invited co-parent or the parent claims the account. */
    accountState: text('account_state').notNull().default('registering'),
    userCreatedByPro: boolean('user_created_by_pro').notNull().default(false),
    proFirstName: text('pro_first_name'),
    proLastName: text('pro_last_name'),
    isInvited: boolean('is_invited').notNull().default(false),
    referral: jsonb('referral'),
    agreedToTermsAt: ts('agreed_to_terms_at'),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    /** Answer to the co-parent email question (§2): the email, or null (not answered, or "not now"). */
    coParentEmail: text('co_parent_email'),
    /** When the co-parent email question was answered (null = not yet). */
    coParentEmailAnsweredAt: ts('co_parent_email_answered_at'),
    requireCredentials: boolean('require_credentials').notNull().default(true),
    username: text('username'),
    passwordHash: text('password_hash'),
    securityQuestionsComplete: boolean('security_questions_complete').notNull().default(false),
    coparentPricing: text('coparent_pricing').$type<PricingGroup>().notNull().default('P3'),
    migrationPricingGroup: text('migration_pricing_group').$type<PricingGroup>(),
    hasMigratedTo2k: boolean('has_migrated_2k').notNull().default(true),
    parentAccountType: text('parent_account_type').notNull().default('parent'),
    graceLogins: integer('grace_logins').notNull().default(0),
    emailVerifiedAt: ts('email_verified_at'), // proven address: schema-email-proof.ts
    /** The parent's customer in the payment provider's vault (docs/RENEWAL.md). */
    vaultCustomerId: text('vault_customer_id'),
    /** When the parent's personal data was erased (src/erasure.ts, UK GDPR Art. 17); null for everyone else. */
    erasedAt: ts('erased_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_family_idx').on(t.familyId),
    // housekeeping's abandoned joins and unclaimed invitations (SECURITY.md "Retention of personal data")
    index('users_state_created_idx').on(t.accountState, t.createdAt),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** A signup (POST /signups): its registration key is stored only as a SHA-256 hash. */
export const signups = pgTable(
  'signups',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    registrationKeyHash: text('registration_key_hash').notNull(),
    flow: text('flow').$type<Flow>().notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('signups_expires_idx').on(t.expiresAt)],
);

/** Bearer tokens (auth, invite, pro referral): only hashes are stored. */
export const tokens = pgTable(
  'tokens',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind').notNull(), // 'auth' | 'invite' | 'pro_referral'
    userId: integer('user_id').references(() => users.id),
    familyId: integer('family_id').references(() => families.id),
    data: jsonb('data'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('tokens_user_idx').on(t.userId, t.kind), index('tokens_expires_idx').on(t.expiresAt)],
);

export const securityAnswers = pgTable(
  'security_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    position: integer('position').notNull(),
    questionId: integer('question_id').notNull(),
    answerHash: text('answer_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

/** Orders: 'pending' until the gateway answers, then 'paid' or 'declined'. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    packageId: integer('package_id').notNull(),
    productId: text('product_id'),
    services: jsonb('services'),
    couponCode: text('coupon_code'),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    currency: text('currency').$type<Currency>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** Upgrade: the unused value of the replaced subscription credited against the price (README "Upgrade and proration"). */
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull().default(0),
    /** GBP: the VAT included in `amount_minor` (`quote(...).vat`, §9), null in other currencies. */
    vatMinor: bigint('vat_minor', { mode: 'number' }),
    /** Upgrade: the subscription this order replaces (ended when the order is paid), else null. */
    replacesSubscriptionId: integer('replaces_subscription_id'),
    status: text('status').$type<OrderStatus>().notNull(),
    gateway: text('gateway').notNull(),
    transactionId: text('transaction_id'),
    /** A card's or an Apple Pay card's brand (docs/CONTRACTS.md "HTTP API": brand and last four only). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * What paid (gateway `PaymentMethodSummary.type`): 'card', 'apple_pay', 'paypal' or 'venmo'; null before it was
     * recorded (an older row with a card brand was a card) or when nothing was charged.
     */
    paymentMethodType: text('payment_method_type'),
    /**
     * The wallet account the receipt names, and nothing else of it: the PayPal payer's e-mail (personal data: kept
     * for the receipt only) or the Venmo username with its leading @; null for cards and Apple Pay.
     */
    paymentAccount: text('payment_account'),
    processorResponseCode: text('processor_response_code'),
    /**
     * The charge lease: whoever calls the gateway about this order (to charge, resolve or reverse it) holds it until
     * this instant, set before the call and longer than the longest call (orders.ts `chargeLeaseMs`). No other
     * process calls the gateway for the order, and no order is failed, while it is live.
     */
    leaseUntil: ts('lease_until'),
    /** The parent's time zone when the order was placed (§3 parent.timeZone): its term and receipts are dated in it. */
    timeZone: text('time_zone'),
    /** GBP: the VAT invoice's number ({@link invoiceNumbers}, taken when paid; docs/RECEIPTS.md), else null. */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }).unique(),
    ...orderRenewalColumns(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_key_idx').on(t.userId, t.idempotencyKey),
    // At most one order in doubt per parent: a second payment waits until the first is resolved.
    uniqueIndex('orders_one_pending_per_user_idx')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('orders_status_idx').on(t.status),
    // a payment event names the sale, not the order (docs/PAYMENTS-LIFECYCLE.md)
    index('orders_transaction_idx').on(t.transactionId),
    // housekeeping clears a wallet's account and a card's last four after PAYMENT_DETAILS_RETENTION_MS
    index('orders_payment_details_idx')
      .on(t.createdAt)
      .where(sql`payment_account is not null or card_last4 is not null`),
  ],
);

/** The numbers of GBP VAT invoices (`orders.invoice_number`), taken by the statement that pays an order. */
export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 1 });

/**
 * Subscriptions: written only together with a paid order (same transaction). `status` is 'current'
 * (live until `expires_at`), 'ended' (replaced by an upgrade at `ended_at`) or 'expired'; at most one
 * row per parent is 'current'.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    packageId: integer('package_id').notNull(),
    status: text('status').$type<SubscriptionRowStatus>().notNull(),
    startsAt: ts('starts_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    /**
     * Why it ended before its term while its money was gone (docs/PAYMENTS-LIFECYCLE.md: 'settlement_declined',
     * 'refunded', 'voided', 'dispute_lost') or its renewal was declined to the last retry ('renewal_declined',
     * docs/RENEWAL.md); null for a term that lapsed or was replaced.
     */
    endReason: text('end_reason').$type<EndReason>(),
    ...renewalColumns(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_current_per_user_idx')
      .on(t.userId)
      .where(sql`status = 'current'`),
    index('subscriptions_current_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'current'`),
  ],
);

/** Stripe-style idempotency records of POST /orders, keyed per parent. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'in_flight' | 'completed' | 'retryable' */
    state: text('state').$type<IdempotencyState>().notNull(),
    lockedUntil: ts('locked_until'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Transactional outbox of e-mails (README "Outbox"): a row is written in the same transaction as the event that
 * causes it (a paid order, a co-parent answer) and delivered by the outbox worker (src/outbox.ts) through SMTP.
 * `status`: 'pending' (to send, from `next_attempt_at`), 'sent', 'cancelled' (an invitation replaced before it went
 * out) or 'failed' (given up after the last attempt, or refused permanently by the SMTP server). A worker claims a
 * pending row by setting `locked_until` (rows picked `FOR UPDATE SKIP LOCKED`), so several join-api processes send
 * each message once; a claim that outlives its worker expires and the row is tried again.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** 'invitation' | 'coparent_sign_in' | 'receipt' (src/emails/). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** What the template needs (never card data beyond brand and last four; an invitation link is scrubbed once sent). */
    payload: jsonb('payload').notNull(),
    /** One message per event, e.g. `receipt:<orderId>`: a second insert for the same event is ignored. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** Groups messages that replace each other (`invitation:family:<id>`): a new answer cancels the pending one. */
    topic: text('topic'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    /** The SMTP Message-ID (`<outbox-<id>@…>`, the same on a retry, so a duplicate is recognisable). */
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_topic_idx').on(t.topic),
  ],
);

export * from './schema-payment-events.js';
export * from './schema-renewal.js';
export * from './schema-rate-limits.js';
export * from './schema-reference.js';
export * from './schema-email-proof.js';
