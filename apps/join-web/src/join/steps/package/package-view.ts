import { formatCatalogueText, packageText, type Package, type Quote, type QuoteContext } from '@ofw/domain';
import type { PackageCardView } from '@ofw/ui';
import type { IntlShape } from 'react-intl';
import { packageMessages } from '../../messages.js';
import { isUpgradeContext, price, purchaseContextOf, tryQuote } from '../../pricing.js';

/**
 * How a fixed tier is priced for its card, all by `quote` ("One price"): `purchase` is the plan itself
 * (total, coupon, VAT, monthly — the same context without a current term), `upgrade` the prorated quote of an
 * upgrade (what `POST /orders` charges), `refused` when the parent holds a current subscription and the plan is not
 * an upgrade of it (`QuoteError` `not_an_upgrade`).
 */
export interface CardPricing {
  purchase: Quote;
  upgrade?: Quote | undefined;
  refused?: boolean | undefined;
}

/** Prices a fixed tier for its card; `undefined` when `quote` does not offer it to this context (no card). */
export function cardPricing(pkg: Pick<Package, 'id'>, context: QuoteContext): CardPricing | undefined {
  const purchase = tryQuote({ packageId: pkg.id }, purchaseContextOf(context));
  if (!purchase.ok) return undefined;
  if (!isUpgradeContext(context)) return { purchase: purchase.quote };
  const upgrade = tryQuote({ packageId: pkg.id }, context);
  if (upgrade.ok) return { purchase: purchase.quote, upgrade: upgrade.quote };
  return upgrade.code === 'not_an_upgrade' ? { purchase: purchase.quote, refused: true } : undefined;
}

/**
 * The card view of a package: every amount from its quotes (total, monthly, discount as amount and percent, the VAT
 * line for GBP, the prorated upgrade price), formatted by `formatPrice` in the payment currency region locale.
 */
export function packageView(
  intl: IntlShape,
  pkg: Package,
  pricing: CardPricing,
  opts: { badge?: string; secondaryFeatures?: boolean } = {},
): PackageCardView {
  const { purchase: q, upgrade, refused } = pricing;
  const fmt = (n: number) => price(n, q.currency);
  // every word of the card in the parent's locale: the domain's texts are message ids (catalogue-text.ts)
  const text = packageText(pkg);
  const say = (t: (typeof text)['name']) => formatCatalogueText(t, intl.formatMessage);
  return {
    id: pkg.id,
    selectButtonId: pkg.selectButtonId,
    name: say(text.name),
    description: say(text.description),
    totalPrice: fmt(q.charged),
    monthlyPrice: intl.formatMessage(packageMessages.perMonth, { price: fmt(q.monthly) }),
    termText: intl.formatMessage(packageMessages.term, { years: q.years }),
    // §9: the VAT included in the total shown (the discounted one when a coupon applies); GBP only.
    ...(q.vat !== null ? { vatLine: intl.formatMessage(packageMessages.vat, { vat: fmt(q.vat) }) } : {}),
    ...(q.discount > 0
      ? {
          discount: {
            label: intl.formatMessage(packageMessages.discount, {
              amount: fmt(q.discount),
              percent: q.discountPercent,
            }),
            discountedTotal: fmt(q.charged),
            originalTotal: fmt(q.list),
            originalLabel: intl.formatMessage(packageMessages.was),
          },
        }
      : {}),
    ...(upgrade && upgrade.prorated !== null
      ? { proratedLine: intl.formatMessage(packageMessages.prorated, { price: fmt(upgrade.charged) }) }
      : {}),
    ...(refused ? { note: intl.formatMessage(packageMessages.notAnUpgrade) } : {}),
    primaryFeatures: text.primaryFeatures.map(say),
    ...(opts.secondaryFeatures === false ? {} : { secondaryFeatures: text.secondaryFeatures.map(say) }),
    ...(opts.badge ? { badge: opts.badge } : {}),
  };
}
