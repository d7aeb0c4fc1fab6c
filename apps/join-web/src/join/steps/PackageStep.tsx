import type { CouponAvailability, Flow, Package, Quote, QuoteContext } from '@ofw/domain';
import {
  BackButton,
  ErrorBanner,
  PackageCard,
  PackageGrid,
  StatusMessage,
  YearSwitch,
  type PackageCardView,
} from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useServices } from '../../services.js';
import { BuildYourOwn } from '../BuildYourOwn.js';
import { byoOf, usePackageData } from '../chosen-package.js';
import { useVariants } from '../experiments.js';
import { JoinFaq } from '../JoinFaq.js';
import { problemMessage } from '../api-errors.js';
import { appMessages, packageMessages, stepMessages } from '../messages.js';
import { isUpgradeContext, price, purchaseContextOf, quoteContextOf, tryQuote } from '../pricing.js';
import { useJoin, type StepNav } from '../use-join.js';

/**
 * How a fixed tier is priced for its card, all by `quote` (issue 11 "One price"): `purchase` is the plan itself
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
  return {
    id: pkg.id,
    selectButtonId: pkg.selectButtonId,
    name: pkg.displayName,
    description: pkg.description,
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
    primaryFeatures: pkg.primaryFeatures,
    ...(opts.secondaryFeatures === false ? {} : { secondaryFeatures: pkg.secondaryFeatures }),
    ...(opts.badge ? { badge: opts.badge } : {}),
  };
}

/**
 * Step 2, package choice (§2, §3, §4): fixed tiers side by side for the chosen length (1/2-year switch) with total,
 * monthly price, VAT for GBP, coupon discounts (amount and percent), prorated upgrade prices, and build-your-own
 * with a live total. Selecting a package goes on to the terms.
 */
export function PackageStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { api } = useServices();
  const { state, patchState, progress, patchProgress } = useJoin();
  const { currency, query } = usePackageData(flow);
  const { variants } = useVariants(flow);

  // Coupons (§3 availability entries): by signup, or by invite token for an invited co-parent not signed up yet.
  const byInvite = flow === 'ctj' && !progress.signedIn && Boolean(state.inviteToken);
  const coupons = useQuery({
    queryKey: ['coupons', byInvite ? state.inviteToken : progress.signupId],
    queryFn: (): Promise<CouponAvailability[]> =>
      byInvite
        ? api.getInviteCoupons(state.inviteToken!)
        : api.getCoupons({ registrationKey: progress.registrationKey!, signupId: progress.signupId! }),
    enabled: byInvite || Boolean(progress.signupId && progress.registrationKey),
    staleTime: 5 * 60 * 1000,
  });
  useEffect(() => {
    if (coupons.data) patchState({ availableCoupons: coupons.data });
  }, [coupons.data, patchState]);

  const data = query.data;
  const context = data ? quoteContextOf(data, currency, flow, state.availableCoupons) : undefined;
  const all = (data?.packages ?? []) as Package[];
  const hasTwoYears = all.some((p) => p.subDurationInYears === 2);
  const years = hasTwoYears ? progress.years : 1;
  const shown = context
    ? all
        .filter((p) => p.subDurationInYears === years && p.family !== 'BYO')
        .flatMap((pkg) => {
          const pricing = cardPricing(pkg, context);
          return pricing ? [{ pkg, pricing }] : [];
        })
        .sort((a, b) => (a.pricing.purchase.list < b.pricing.purchase.list ? -1 : 1))
    : [];
  const byo = byoOf(data);
  const upgrade = context ? isUpgradeContext(context) : false;
  const proName = [state.proFirstName, state.proLastName].filter(Boolean).join(' ');

  const choose = (packageId: number, extra: Partial<typeof progress> = {}) => {
    patchProgress({ packageId, alaCarte: undefined, upgrade, ...extra });
    nav.next();
  };

  const faq = <JoinFaq />;
  const byoBlock =
    byo && context ? (
      <BuildYourOwn
        byo={byo}
        years={years}
        context={context}
        initial={progress.alaCarte}
        onSelect={(selection, q) => {
          patchProgress({ packageId: byo.packageId, alaCarte: selection, upgrade: q.prorated !== null });
          nav.next();
        }}
      />
    ) : null;
  return (
    <div>
      <p>{intl.formatMessage(packageMessages.intro)}</p>
      {flow === 'pro' && proName ? (
        <p className="pro-banner">{intl.formatMessage(packageMessages.proFor, { name: proName })}</p>
      ) : null}
      {upgrade ? (
        <>
          <p>{intl.formatMessage(packageMessages.upgradeIntro)}</p>
          <p id="upgrades-only">{intl.formatMessage(packageMessages.upgradesOnly)}</p>
        </>
      ) : null}
      {variants.faqFirst ? faq : null}
      {query.isError ? (
        <ErrorBanner
          message={problemMessage(intl, query.error) ?? intl.formatMessage(appMessages.unexpectedError)}
          focusOnShow={false}
        />
      ) : null}
      <StatusMessage>{query.isLoading ? intl.formatMessage(packageMessages.loading) : null}</StatusMessage>
      {data ? (
        <>
          {hasTwoYears ? (
            <YearSwitch
              value={years}
              onChange={(y) => patchProgress({ years: y })}
              labels={{
                legend: intl.formatMessage(packageMessages.length),
                one: intl.formatMessage(packageMessages.oneYear),
                two: intl.formatMessage(packageMessages.twoYears),
              }}
            />
          ) : null}
          {variants.buildYourOwn ? byoBlock : null}
          {shown.length ? (
            <PackageGrid label={intl.formatMessage(packageMessages.plans)}>
              {shown.map(({ pkg, pricing }) => (
                <PackageCard
                  key={pkg.id}
                  pkg={packageView(intl, pkg, pricing, {
                    secondaryFeatures: variants.fullComparison,
                    ...(variants.popularBadge && pkg.family === 'PREMIUM'
                      ? { badge: intl.formatMessage(packageMessages.mostPopular) }
                      : {}),
                  })}
                  selected={progress.packageId === pkg.id && !progress.alaCarte}
                  selectLabel={intl.formatMessage(
                    progress.packageId === pkg.id && !progress.alaCarte
                      ? packageMessages.selected
                      : packageMessages.select,
                  )}
                  disabled={pricing.refused}
                  onSelect={(id) => choose(id)}
                />
              ))}
            </PackageGrid>
          ) : !byo ? (
            <p>{intl.formatMessage(packageMessages.none)}</p>
          ) : null}
          {variants.buildYourOwn ? null : byoBlock}
        </>
      ) : null}
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
      {variants.faqFirst ? null : faq}
    </div>
  );
}
