import { eq } from 'drizzle-orm';
import { getPackage } from '@ofw/domain';
import type { Db } from './db/client.js';
import type { orders } from './db/schema.js';
import { users } from './db/schema.js';
import { enqueueEmail } from './outbox.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/**
 * Queues the payer's receipt for an order that was just marked paid — called inside the transaction that pays it
 * (orders.ts `finalize`), so the receipt exists exactly when the payment was recorded. Every figure is the order
 * row's (amount charged, currency, VAT, discount, credit, card brand and last four); nothing is re-priced.
 * One receipt per order (`dedupeKey` `receipt:<orderId>`).
 */
export async function queueReceipt(tx: Tx, order: OrderRow, paidAt: Date): Promise<void> {
  const [payer] = await tx
    .select({ email: users.email, firstName: users.firstName, languageLocale: users.languageLocale })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!payer) return;
  const pkg = getPackage(order.packageId);
  const years = (order.services as { years?: number } | null)?.years ?? pkg?.subDurationInYears ?? 1;
  await enqueueEmail(tx, {
    kind: 'receipt',
    recipient: payer.email,
    dedupeKey: `receipt:${order.id}`,
    now: paidAt,
    payload: {
      languageLocale: payer.languageLocale,
      firstName: payer.firstName,
      orderId: order.id,
      paidAt: paidAt.toISOString(),
      packageId: order.packageId,
      packageName: pkg?.displayName ?? String(order.packageId),
      years,
      currency: order.currency,
      amountMinor: order.amountMinor,
      vatMinor: order.vatMinor,
      discountMinor: order.discountMinor,
      creditMinor: order.creditMinor,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
    },
  });
}
