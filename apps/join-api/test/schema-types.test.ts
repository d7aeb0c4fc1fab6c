import { describe, expectTypeOf, it } from 'vitest';
import type { BillingAddress, CountryCode, Currency, Flow, JoinCountry, PricingGroup } from '@ofw/domain';
import type {
  idempotencyKeys,
  joinCountries,
  orders,
  outbox,
  signups,
  subscriptions,
  users,
} from '../src/db/schema.js';
import {
  type IdempotencyState,
  type OrderStatus,
  type OutboxStatus,
  type SubscriptionRowStatus,
} from '../src/db/schema.js';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

// Type-level checks (run by `pnpm typecheck`, which covers test/): the columns carry @ofw/domain's types, so a row is
// read without a cast and a value outside the domain's set does not compile.
describe('database columns typed from @ofw/domain', () => {
  it('rows read back as the domain types', () => {
    expectTypeOf<Row<typeof orders>['currency']>().toEqualTypeOf<Currency>();
    expectTypeOf<Row<typeof orders>['status']>().toEqualTypeOf<OrderStatus>();
    expectTypeOf<Row<typeof orders>['billingAddress']>().toEqualTypeOf<BillingAddress | null>();
    expectTypeOf<Row<typeof users>['flow']>().toEqualTypeOf<Flow>();
    expectTypeOf<Row<typeof users>['country']>().toEqualTypeOf<CountryCode>();
    expectTypeOf<Row<typeof users>['coparentPricing']>().toEqualTypeOf<PricingGroup>();
    expectTypeOf<Row<typeof users>['migrationPricingGroup']>().toEqualTypeOf<PricingGroup | null>();
    expectTypeOf<Row<typeof signups>['flow']>().toEqualTypeOf<Flow>();
    expectTypeOf<Row<typeof joinCountries>['code']>().toEqualTypeOf<JoinCountry>();
    expectTypeOf<Row<typeof joinCountries>['currency']>().toEqualTypeOf<Currency>();
    expectTypeOf<Row<typeof subscriptions>['status']>().toEqualTypeOf<SubscriptionRowStatus>();
    expectTypeOf<Row<typeof idempotencyKeys>['state']>().toEqualTypeOf<IdempotencyState>();
    expectTypeOf<Row<typeof outbox>['status']>().toEqualTypeOf<OutboxStatus>();
  });

  it('a write outside the domain does not compile', () => {
    // @ts-expect-error EUR is not one of the join currencies
    const currency: Insert<typeof orders>['currency'] = 'EUR';
    // @ts-expect-error 'refunded' is not an order status (a refund is a gateway credit, not an order state)
    const status: Insert<typeof orders>['status'] = 'refunded';
    // @ts-expect-error the flows are join, pro and ctj
    const flow: Insert<typeof users>['flow'] = 'invited';
    // @ts-expect-error pricing groups are P1…P3 style codes, not free text
    const group: Insert<typeof users>['coparentPricing'] = 'premium';
    // @ts-expect-error a billing address is an object with the §3 fields, not a line of text
    const address: Insert<typeof orders>['billingAddress'] = '1 Main St';
    expectTypeOf([currency, status, flow, group, address]).not.toBeNever();
  });
});
